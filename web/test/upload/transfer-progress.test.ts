import { describe, expect, it } from 'vitest';
import { MIN_PART_SIZE } from '../../src/upload/part-plan.ts';
import type { StoreClient } from '../../src/upload/store-client.ts';
import { transferFile } from '../../src/upload/transfer.ts';

const PART = MIN_PART_SIZE;

/** A store that takes each part in four steps, telling what has gone out after each. */
function quarterStepStore(seen: number[]): StoreClient {
  return {
    protocol: 'oss',
    initiateMultipartUpload: async () => 'upload-1',
    uploadPart: async (
      _key: string,
      _id: string,
      partNumber: number,
      body: ArrayBuffer,
      _signal: AbortSignal,
      onSent?: (bytes: number) => void,
    ) => {
      for (let quarter = 1; quarter <= 4; quarter++) {
        onSent?.((body.byteLength * quarter) / 4);
        await Promise.resolve();
      }
      seen.push(partNumber);
      return `etag-${partNumber}`;
    },
    completeMultipartUpload: async () => 'etag-all',
  } as unknown as StoreClient;
}

describe('issue 17 point 6: upload progress moves within a part', () => {
  it('reports the bytes sent of the parts in flight, summed with the parts done, up to the whole file', async () => {
    const size = PART * 2 + PART / 2;
    const file = new File([new Uint8Array(size)], 'clip.mp4', { type: 'video/mp4' });
    const progress: number[] = [];
    const seen: number[] = [];
    const outcome = await transferFile({
      file,
      bucket: 'b',
      key: 'k',
      contentType: 'video/mp4',
      client: quarterStepStore(seen),
      checkpoint: undefined,
      settings: { partSize: PART, parallel: 1, retryCount: 0, retryWaitMs: 0 },
      timers: { setTimeout: (callback: () => void) => setTimeout(callback, 0), clearTimeout },
      signal: new AbortController().signal,
      onCheckpoint: () => undefined,
      onCheckpointDiscarded: () => undefined,
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(outcome.kind).toBe('completed');
    expect(seen).toEqual([1, 2, 3]);
    // A quarter of the first part is reported before any part is done.
    expect(progress[0]).toBe(PART / 4);
    expect(progress).toContain(PART + PART / 2);
    expect(progress.at(-1)).toBe(size);
    // Never backwards, never past the file.
    expect(progress.every((bytes, i) => i === 0 || bytes >= progress[i - 1]!)).toBe(true);
    expect(Math.max(...progress)).toBeLessThanOrEqual(size);
  });
});
