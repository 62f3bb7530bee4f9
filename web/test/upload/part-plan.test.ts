import { UPLOAD_MAX_PARTS, UPLOAD_PART_SIZE } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import {
  MIN_PART_SIZE,
  minPartSize,
  partCount,
  partRange,
  partSizeFor,
  S3_MIN_PART_SIZE,
} from '../../src/upload/index.ts';

const MB = 1024 * 1024;

describe('§9 part size and §5 the 10000-part cap', () => {
  it('§9 part size is 1 MB (1048576 bytes) for files that fit in 10000 parts', () => {
    expect(UPLOAD_PART_SIZE).toBe(1_048_576);
    expect(partSizeFor(200 * MB, 'oss')).toBe(MB);
    expect(partSizeFor(1, 'oss')).toBe(MB);
    expect(partCount(200 * MB, MB)).toBe(200);
    expect(partCount(200 * MB + 1, MB)).toBe(201);
    // Exactly 10000 parts of 1 MB: no growth yet.
    expect(partSizeFor(UPLOAD_MAX_PARTS * MB, 'oss')).toBe(MB);
  });

  it('§5 the part count never exceeds 10000: one byte more grows the part size by whole bytes', () => {
    const size = UPLOAD_MAX_PARTS * MB + 1;
    const partSize = partSizeFor(size, 'oss');
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
      const partSize = partSizeFor(size, 'oss');
      expect(Number.isInteger(partSize)).toBe(true);
      expect(partCount(size, partSize)).toBeLessThanOrEqual(UPLOAD_MAX_PARTS);
      // One byte smaller would need more than 10000 parts (or go below 1 MB).
      if (partSize > MB) expect(partCount(size, partSize - 1)).toBeGreaterThan(UPLOAD_MAX_PARTS);
    }
  });

  it('a requested part size below OSS minimum (100 KB) is raised to it', () => {
    expect(partSizeFor(10 * MB, 'oss', 1000)).toBe(MIN_PART_SIZE);
    expect(partSizeFor(10 * MB, 'oss', 512 * 1024)).toBe(512 * 1024);
  });

  it('part ranges cover the file exactly, the last one short', () => {
    const size = 3 * MB + 5;
    expect(partRange(size, MB, 1)).toEqual([0, MB]);
    expect(partRange(size, MB, 3)).toEqual([2 * MB, 3 * MB]);
    expect(partRange(size, MB, 4)).toEqual([3 * MB, 3 * MB + 5]);
  });
});

describe('issue 19: S3 parts are at least 5 MiB, still at most 10000', () => {
  const GiB = 1024 * MB;

  it('the S3 minimum is 5 MiB (5242880 bytes), OSS keeps 100 KB', () => {
    expect(S3_MIN_PART_SIZE).toBe(5_242_880);
    expect(minPartSize('s3')).toBe(S3_MIN_PART_SIZE);
    expect(minPartSize('oss')).toBe(MIN_PART_SIZE);
  });

  it('the 1 MB default and smaller requests are raised to 5 MiB; a larger request stands', () => {
    expect(partSizeFor(64 * MB, 's3')).toBe(5 * MB);
    expect(partSizeFor(1, 's3')).toBe(5 * MB);
    expect(partSizeFor(64 * MB, 's3', 1000)).toBe(5 * MB);
    expect(partSizeFor(64 * MB, 's3', 8 * MB)).toBe(8 * MB);
    expect(partCount(64 * MB, 5 * MB)).toBe(13);
  });

  it('at the limit: 10000 parts of 5 MiB exactly; one byte more grows the part by a byte', () => {
    expect(partSizeFor(UPLOAD_MAX_PARTS * 5 * MB, 's3')).toBe(5 * MB);
    const size = UPLOAD_MAX_PARTS * 5 * MB + 1;
    expect(partSizeFor(size, 's3')).toBe(5 * MB + 1);
    expect(partCount(size, 5 * MB + 1)).toBe(UPLOAD_MAX_PARTS);
  });

  it('past it: a 60 GiB file gets parts of ceil(60 GiB / 10000) bytes, 10000 of them', () => {
    const size = 60 * GiB;
    const partSize = partSizeFor(size, 's3');
    expect(partSize).toBe(Math.ceil(size / UPLOAD_MAX_PARTS));
    expect(partSize).toBe(6_442_451);
    expect(partCount(size, partSize)).toBe(UPLOAD_MAX_PARTS);
    expect(partCount(size, partSize - 1)).toBeGreaterThan(UPLOAD_MAX_PARTS);
    // The same file on OSS: the same growth, the 5 MiB floor is S3's alone.
    expect(partSizeFor(size, 'oss')).toBe(partSize);
    expect(partSizeFor(40 * GiB, 'oss')).toBe(Math.ceil((40 * GiB) / UPLOAD_MAX_PARTS));
    expect(partSizeFor(40 * GiB, 's3')).toBe(5 * MB);
  });
});
