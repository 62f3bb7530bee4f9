import { UPLOAD_MAX_PARTS, UPLOAD_PART_SIZE } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { MIN_PART_SIZE, partCount, partRange, partSizeFor } from '../../src/upload/index.ts';

const MB = 1024 * 1024;

describe('§9 part size and §5 the 10000-part cap', () => {
  it('§9 part size is 1 MB (1048576 bytes) for files that fit in 10000 parts', () => {
    expect(UPLOAD_PART_SIZE).toBe(1_048_576);
    expect(partSizeFor(200 * MB)).toBe(MB);
    expect(partSizeFor(1)).toBe(MB);
    expect(partCount(200 * MB, MB)).toBe(200);
    expect(partCount(200 * MB + 1, MB)).toBe(201);
    // Exactly 10000 parts of 1 MB: no growth yet.
    expect(partSizeFor(UPLOAD_MAX_PARTS * MB)).toBe(MB);
  });

  it('§5 the part count never exceeds 10000: one byte more grows the part size by whole bytes', () => {
    const size = UPLOAD_MAX_PARTS * MB + 1;
    const partSize = partSizeFor(size);
    expect(partSize).toBe(MB + 1);
    expect(Number.isInteger(partSize)).toBe(true);
    expect(partCount(size, partSize)).toBe(UPLOAD_MAX_PARTS);
  });

  it('§5 huge and odd sizes: whole-byte part sizes, at most 10000 parts, the smallest size that fits', () => {
    const sizes = [
      48_828_125_000_003, // ~44 TiB
      5 * 1024 ** 4 + 7,
      123_456_789_012,
      10_485_760_001,
      ...Array.from({ length: 200 }, (_, i) => Math.floor(10_000 * MB * (1 + i * 3.7)) + i),
    ];
    for (const size of sizes) {
      const partSize = partSizeFor(size);
      expect(Number.isInteger(partSize)).toBe(true);
      expect(partCount(size, partSize)).toBeLessThanOrEqual(UPLOAD_MAX_PARTS);
      // One byte smaller would need more than 10000 parts (or go below 1 MB).
      if (partSize > MB) expect(partCount(size, partSize - 1)).toBeGreaterThan(UPLOAD_MAX_PARTS);
    }
  });

  it('a requested part size below OSS minimum (100 KB) is raised to it', () => {
    expect(partSizeFor(10 * MB, 1000)).toBe(MIN_PART_SIZE);
    expect(partSizeFor(10 * MB, 512 * 1024)).toBe(512 * 1024);
  });

  it('part ranges cover the file exactly, the last one short', () => {
    const size = 3 * MB + 5;
    expect(partRange(size, MB, 1)).toEqual([0, MB]);
    expect(partRange(size, MB, 3)).toEqual([2 * MB, 3 * MB]);
    expect(partRange(size, MB, 4)).toEqual([3 * MB, 3 * MB + 5]);
  });
});
