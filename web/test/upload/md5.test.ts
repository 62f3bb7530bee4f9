import { createHash, randomBytes } from 'node:crypto';
import { UPLOAD_MD5_BYTES } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { md5Hex, VodUploader } from '../../src/upload/index.ts';
import { fakeStore, mapStorage, memoryFile, settle } from './support.ts';

const nodeMd5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('MD5 against node:crypto', () => {
  it('agrees on lengths around the padding boundaries and on random data', () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 1024, 4096 + 17]) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(md5Hex(bytes), `length ${length}`).toBe(nodeMd5(bytes));
    }
    expect(md5Hex(new TextEncoder().encode('The quick brown fox jumps over the lazy dog'))).toBe(
      '9e107d9d372bb6826bd81d3542a419d6',
    );
  });

  it('§9 the file hash is the MD5 of only the first 1024 bytes', async () => {
    expect(UPLOAD_MD5_BYTES).toBe(1024);
    const file = memoryFile('clip.mp4', 5000);
    const store = fakeStore();
    let hash: string | undefined;
    const uploader = new VodUploader({
      fetch: store.fetch,
      storage: mapStorage(),
      pageEvents: undefined,
      onUploadstarted: (item) => {
        hash = item.fileHash;
      },
    });
    uploader.addFile(file);
    uploader.startUpload();
    await settle();
    expect(hash).toBe(nodeMd5(file.bytes.subarray(0, 1024)));
    expect(hash).not.toBe(nodeMd5(file.bytes));
    uploader.stopUpload();
  });
});
