// @vitest-environment node
// Node's Headers lower-cases names as browsers do (aws4fetch signs them as listed); happy-dom's keeps their case.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ResumeRecord, resumeRecordKey } from '../../src/upload/index.ts';
import {
  FAKE_TIMERS,
  type FakeStore,
  fakeStore,
  MB,
  mapStorage,
  memoryFile,
  until,
  uploaderOn,
} from './support.ts';

beforeEach(() => {
  vi.useFakeTimers(FAKE_TIMERS);
});
afterEach(() => {
  vi.useRealTimers();
});

const S3 = { Protocol: 's3', Region: 'us-east-1' };

/** A first page that sends `parts` parts of `name` and is then stopped; answers the saved record. */
async function stoppedAfter(
  store: FakeStore,
  name: string,
  size: number,
  parts: number,
  options: { address?: Record<string, unknown>; partSize?: number } = {},
) {
  let served = 0;
  store.intercept((request) => (request.operation === 'uploadPart' && ++served > parts ? 'hang' : undefined));
  const storage = mapStorage();
  const { uploader } = uploaderOn(store, { storage, parallel: 1, ...options });
  const file = memoryFile(name, size);
  const added = uploader.addFile(file);
  if (!added.ok) throw new Error('not added');
  uploader.startUpload();
  await until(() => added.item.checkpoint?.doneParts.length === parts, `${parts} parts`);
  uploader.stopUpload();
  store.intercept(() => undefined);
  const record = JSON.parse(storage.values.get(resumeRecordKey(file))!) as ResumeRecord;
  return { storage, record, sentBefore: store.of('uploadPart').length };
}

describe('issue 19: the uploader on an S3 store (Protocol s3 in the upload address)', () => {
  it('sends parts of 5 MiB signed with Signature V4 and the session token, and completes', async () => {
    const store = fakeStore();
    const partBytes = new Map<string, number>();
    const { uploader, log } = uploaderOn(store, {
      address: S3,
      fetch: (url, init) => {
        const partNumber = new URL(url).searchParams.get('partNumber');
        if (partNumber) partBytes.set(partNumber, (init.body as ArrayBuffer).byteLength);
        return store.fetch(url, init);
      },
    });
    uploader.addFile(memoryFile('a.mp4', 12 * MB));
    uploader.startUpload();
    await until(() => log.includes('succeed:a.mp4'));
    expect(Object.fromEntries(partBytes)).toEqual({ 1: 5 * MB, 2: 5 * MB, 3: 2 * MB });
    expect(store.objects.get('designers/7/a.mp4')).toEqual({ size: 12 * MB, parts: 3 });
    for (const request of store.requests) {
      expect(request.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=STS\.TESTKEY\/\d{8}\/us-east-1\/s3\/aws4_request, /,
      );
      expect(request.headers['x-amz-security-token']).toBe('token');
      expect(request.headers['x-oss-security-token']).toBeUndefined();
    }
  });

  it('a resumed upload keeps the part size its checkpoint recorded', async () => {
    const store = fakeStore();
    const size = 18 * MB;
    const { storage, record, sentBefore } = await stoppedAfter(store, 'b.mp4', size, 1, {
      address: S3,
      partSize: 6 * MB,
    });
    expect(record.checkpoint.partSize).toBe(6 * MB);

    // A new page with the default request (1 MB, which S3 would make 5 MiB): the upload goes on in 6 MiB parts.
    const { uploader, log } = uploaderOn(store, { storage, address: S3 });
    uploader.addFile(memoryFile('b.mp4', size));
    uploader.startUpload();
    await until(() => log.includes('succeed:b.mp4'));
    expect(store.of('initiate')).toHaveLength(1);
    expect(
      store
        .of('uploadPart')
        .slice(sentBefore)
        .map((request) => request.partNumber)
        .sort(),
    ).toEqual([2, 3]);
    expect(store.objects.get('designers/7/b.mp4')).toEqual({ size, parts: 3 });
  });

  it('a checkpoint of parts below 5 MiB (an OSS one for the same key) is dropped: S3 could never complete it', async () => {
    const store = fakeStore();
    const size = 6 * MB;
    const { storage, record } = await stoppedAfter(store, 'c.mp4', size, 2);
    expect(record.checkpoint.partSize).toBe(MB);

    const { uploader, log } = uploaderOn(store, { storage, address: S3 });
    uploader.addFile(memoryFile('c.mp4', size));
    uploader.startUpload();
    await until(() => log.includes('succeed:c.mp4'));
    expect(store.of('listParts')).toHaveLength(0);
    expect(store.of('initiate')).toHaveLength(2);
    expect(store.objects.get('designers/7/c.mp4')).toEqual({ size, parts: 2 });
  });

  it("§8 S3's ExpiredToken sets Expire and asks for new credentials, as OSS's SecurityTokenExpired does", async () => {
    const store = fakeStore();
    store.intercept((request) =>
      request.operation === 'uploadPart' ? { status: 400, code: 'ExpiredToken' } : undefined,
    );
    const { uploader, log } = uploaderOn(store, { address: S3 });
    uploader.addFile(memoryFile('d.mp4', 6 * MB));
    uploader.startUpload();
    await until(() => log.includes('expired:d.mp4'));
    expect(uploader.state).toBe('Expire');
    expect(log.some((line) => line.startsWith('failed'))).toBe(false);
  });
});
