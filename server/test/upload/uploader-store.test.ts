import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeRecordKey, type UploadInfo } from '../../../web/src/upload/index.ts';
import type { UploadCredentials } from '../../src/oss/index.ts';
import { ossRequest, startTestStore, TEST_GRANT_BYTES, type TestStore } from '../oss/support/store.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import {
  fileSource,
  grantFor,
  MB,
  mapStorage,
  observedFetch,
  pageUploader,
  randomFile,
  sleep,
  storedSha256,
} from './support/uploads.ts';

/**
 * The web uploader (web/src/upload), unchanged, against the real embedded object store in this
 * process: real signatures, real temporary credentials, real multipart uploads on disk.
 */
let t: TestStore;
let workDir: string;
let bigFile: string;
let bigSha256: string;
const BIG = 200 * MB;

beforeAll(async () => {
  t = await startTestStore();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-uploader-'));
  bigFile = path.join(workDir, 'runway.mp4');
  bigSha256 = await randomFile(bigFile, BIG);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

const credentialsFor = (key: string, ttlSeconds = 900): UploadCredentials =>
  t.store.authority.issueUploadCredentials({
    designerId: 7,
    objectKey: key,
    maxBytes: TEST_GRANT_BYTES,
    ttlSeconds,
  });

const countsOf = (numbers: number[]) => {
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  return counts;
};

describe.runIf(testDatabaseKind() === 'pglite')('the uploader against the embedded store', () => {
  it('a 200 MB file uploads in 200 parts of 1 MB; the stored object has the source sha256', async () => {
    const key = 'designers/7/videos/runway.mp4';
    const credentials = credentialsFor(key);
    const observed = observedFetch();
    const storage = mapStorage();
    const progress: number[] = [];
    const { uploader, ending } = pageUploader({
      fetch: observed.fetch,
      storage,
      grant: () => ({ ...grantFor(credentials, t.endpoint, key), videoId: 'video-a' }),
      onUploadProgress: (_item, _total, loaded) => progress.push(loaded),
    });
    const source = await fileSource(bigFile);
    uploader.addFile(source);
    const startedAt = performance.now();
    uploader.startUpload();
    const result = await ending;
    const uploadMs = performance.now() - startedAt;

    expect(result.kind).toBe('succeed');
    expect(result.item.state).toBe('Success');
    expect(observed.partNumbers(200).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(observed.uploadParts()).toHaveLength(200);
    expect(progress.at(-1)).toBe(1);
    expect(storage.values.has(resumeRecordKey(source))).toBe(false);
    expect(await storedSha256(t.store.url, credentials, key)).toBe(bigSha256);

    // The figure for the report: the uploader's throughput against one streamed PUT of the file.
    const putStartedAt = performance.now();
    const put = await ossRequest(t.store.url, {
      method: 'PUT',
      key: 'designers/7/videos/runway-put.mp4',
      body: createReadStream(bigFile),
      headers: { 'Content-Length': String(BIG) },
      credentials: credentialsFor('designers/7/videos/runway-put.mp4'),
    });
    const putMs = performance.now() - putStartedAt;
    expect(put.status).toBe(200);
    const mbPerSecond = (ms: number) => (BIG / MB / (ms / 1000)).toFixed(0);
    console.info(
      `200 MB: uploader ${uploadMs.toFixed(0)} ms (${mbPerSecond(uploadMs)} MB/s), ` +
        `streamed PUT ${putMs.toFixed(0)} ms (${mbPerSecond(putMs)} MB/s), ` +
        `uploader/PUT throughput ratio ${(putMs / uploadMs).toFixed(2)}`,
    );
  }, 60_000);

  it('credentials expiring mid-upload: Expire, onUploadTokenExpired, new credentials, no part lost or sent twice after landing', async () => {
    const key = 'designers/7/videos/expiring.mp4';
    const shortLived = credentialsFor(key, 3);
    const expiresAt = Date.parse(shortLived.Expiration);
    let landed = 0;
    // After 20 parts, hold the short-lived credential's requests until it has expired: the
    // expiry then falls mid-upload however fast the machine is (on a slow one it comes sooner).
    const observed = observedFetch(async (_url, init) => {
      if (init.headers['x-oss-security-token'] !== shortLived.SecurityToken) return;
      if (landed >= 20 && Date.now() <= expiresAt + 100) await sleep(expiresAt + 100 - Date.now());
    });
    const fetchCountingLanded: typeof observed.fetch = async (url, init) => {
      const response = await observed.fetch(url, init);
      if (init.method === 'PUT' && response.status === 200) landed++;
      return response;
    };
    const states: string[] = [];
    let doneAtExpiry = 0;
    const { uploader, ending } = pageUploader({
      fetch: fetchCountingLanded,
      storage: mapStorage(),
      grant: () => grantFor(shortLived, t.endpoint, key),
      onUploadTokenExpired: (item) => {
        states.push(uploader.state);
        doneAtExpiry = item.checkpoint?.doneParts.length ?? 0;
      },
    });
    uploader.addFile(await fileSource(bigFile));
    uploader.startUpload();
    const expired = await ending;
    expect(expired.kind).toBe('expired');
    expect(states).toEqual(['Expire']);
    expect(doneAtExpiry).toBeGreaterThan(0);
    expect(doneAtExpiry).toBeLessThan(200);

    // What refresh-upload answers: new credentials for the same upload.
    const finished = new Promise<UploadInfo>((resolve, reject) => {
      const poll = setInterval(() => {
        const item = uploader.listFiles()[0]!;
        if (item.state === 'Success') resolve(item);
        if (item.state === 'Failure') reject(new Error('failed after refresh'));
        if (item.state !== 'Uploading') clearInterval(poll);
      }, 20);
    });
    const fresh = grantFor(credentialsFor(key), t.endpoint, key);
    expect(uploader.resumeUploadWithAuth(fresh.uploadAuth)).toEqual({ ok: true });
    expect(uploader.state).toBe('Start');
    await finished;

    const refused = observed.uploadParts().filter((request) => request.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(5);
    expect(new Set(refused.map((request) => request.code))).toEqual(new Set(['SecurityTokenExpired']));
    // Every part landed exactly once: the parts done before the expiry were kept, not resent.
    const landedCounts = countsOf(observed.partNumbers(200));
    expect(landedCounts.size).toBe(200);
    expect([...landedCounts.values()].every((count) => count === 1)).toBe(true);
    // One initiate, one completion: the same multipart upload carried on.
    expect(
      observed.requests.filter((request) => request.method === 'POST' && request.partNumber === undefined),
    ).toHaveLength(2);
    expect(await storedSha256(t.store.url, credentialsFor(key), key)).toBe(bigSha256);
  }, 60_000);

  it('§8 NoSuchUpload on resume (the upload was aborted on the store): the record goes and the upload starts over cleanly', async () => {
    const file = path.join(workDir, 'short.mp4');
    const sha256 = await randomFile(file, 12 * MB + 345);
    const key = 'designers/7/videos/short.mp4';
    const credentials = credentialsFor(key);
    const storage = mapStorage();
    const observed = observedFetch();
    const source = await fileSource(file);
    let stopped = false;
    const { uploader, ending } = pageUploader({
      fetch: observed.fetch,
      storage,
      parallel: 1,
      grant: () => ({ ...grantFor(credentials, t.endpoint, key), videoId: 'video-d' }),
      onUploadProgress: (item) => {
        if (stopped || (item.checkpoint?.doneParts.length ?? 0) < 4) return;
        stopped = true;
        uploader.stopUpload();
      },
    });
    uploader.addFile(source);
    uploader.startUpload();
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (uploader.state === 'Stop') {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    const record = JSON.parse(storage.values.get(resumeRecordKey(source))!) as {
      state: string;
      checkpoint: { uploadId: string };
    };
    expect(record.state).toBe('Stoped');
    const firstUploadId = record.checkpoint.uploadId;

    const aborted = await ossRequest(t.store.url, {
      method: 'DELETE',
      key,
      subres: { uploadId: firstUploadId },
      credentials,
    });
    expect(aborted.status).toBe(204);

    uploader.startUpload();
    const result = await ending;
    expect(result.kind).toBe('succeed');
    const listParts = observed.requests.filter((request) => request.method === 'GET');
    expect(listParts.map((request) => [request.status, request.code])).toEqual([[404, 'NoSuchUpload']]);
    const initiates = observed.requests.filter(
      (request) => request.method === 'POST' && request.partNumber === undefined,
    );
    // Two initiates, then the completion.
    expect(initiates).toHaveLength(3);
    expect(result.item.checkpoint?.uploadId).not.toBe(firstUploadId);
    expect(storage.values.has(resumeRecordKey(source))).toBe(false);
    expect(await storedSha256(t.store.url, credentials, key)).toBe(sha256);
  });

  describe('forged, expired and misdirected credentials: the codes surface', () => {
    const key = 'designers/7/videos/forged.mp4';
    let small: string;
    beforeAll(async () => {
      small = path.join(workDir, 'small.mp4');
      await randomFile(small, 2 * MB);
    });

    async function attempt(credentials: UploadCredentials, address: { bucket?: string; key?: string } = {}) {
      const observed = observedFetch();
      const { uploader, ending } = pageUploader({
        fetch: observed.fetch,
        storage: mapStorage(),
        grant: () => {
          const grant = grantFor(credentials, t.endpoint, address.key ?? key);
          if (!address.bucket) return grant;
          const decoded = JSON.parse(atob(grant.uploadAddress)) as Record<string, unknown>;
          return { ...grant, uploadAddress: btoa(JSON.stringify({ ...decoded, Bucket: address.bucket })) };
        },
      });
      uploader.addFile(await fileSource(small));
      uploader.startUpload();
      const result = await ending;
      const state = uploader.state;
      uploader.stopUpload();
      return { result, state, codes: [...new Set(observed.requests.map((request) => request.code))] };
    }

    const genuine = () => credentialsFor(key);

    it('a forged security token → InvalidAccessKeyId → Expire and onUploadTokenExpired', async () => {
      const forged = { ...genuine(), SecurityToken: `${genuine().SecurityToken.slice(0, -4)}AAAA` };
      const { result, state, codes } = await attempt(forged);
      expect(result.kind).toBe('expired');
      expect(state).toBe('Expire');
      expect(codes).toEqual(['InvalidAccessKeyId']);
    });

    it('a wrong AccessKeySecret → SignatureDoesNotMatch → Expire', async () => {
      const { result, codes } = await attempt({ ...genuine(), AccessKeySecret: 'not-the-secret' });
      expect(result.kind).toBe('expired');
      expect(codes).toEqual(['SignatureDoesNotMatch']);
    });

    it('genuine but expired credentials → SecurityTokenExpired → Expire', async () => {
      const { result, codes } = await attempt(await t.expiredCredentialsFor(7));
      expect(result.kind).toBe('expired');
      expect(codes).toEqual(['SecurityTokenExpired']);
    });

    it("another designer's credentials → AccessDenied, reported through onUploadFailed", async () => {
      const otherDesigner = t.store.authority.issueUploadCredentials({
        designerId: 8,
        objectKey: 'designers/8/x.mp4',
        maxBytes: TEST_GRANT_BYTES,
        ttlSeconds: 900,
      });
      const { result, state, codes } = await attempt(otherDesigner);
      expect(result).toMatchObject({ kind: 'failed', code: 'AccessDenied' });
      expect(state).toBe('Failure');
      expect(codes).toEqual(['AccessDenied']);
    });

    it('an unknown bucket → NoSuchBucket', async () => {
      const { result } = await attempt(genuine(), { bucket: 'no-such-bucket' });
      expect(result).toMatchObject({ kind: 'failed', code: 'NoSuchBucket' });
    });

    it('credentials missing a field never reach the store: InvalidParameter.TokenInvalid', async () => {
      const { SecurityToken: _dropped, ...incomplete } = genuine();
      const { result, codes } = await attempt(incomplete as UploadCredentials);
      expect(result).toMatchObject({ kind: 'failed', code: 'InvalidParameter.TokenInvalid' });
      expect(codes).toEqual([]);
    });
  });
});
