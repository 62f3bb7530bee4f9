import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResumeRecord, resumeRecordKey, type UploadInfo } from '../../../web/src/upload/index.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { openCredentialAuthority, type UploadCredentials } from '../../src/oss/index.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import {
  fileSource,
  grantFor,
  MB,
  mapStorage,
  observedFetch,
  pageUploader,
  randomFile,
  type StoreProcess,
  startStoreProcess,
  storedSha256,
} from './support/uploads.ts';

/**
 * The store killed outright (SIGKILL, its own process) in the middle of a 200 MB upload, then
 * started again on the same DATA_DIR on another port; a new page resumes from the checkpoint.
 */
let workDir: string;
let config: Config;
const processes: StoreProcess[] = [];

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-uploader-restart-'));
  config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST: 'none',
  });
});
afterAll(async () => {
  await Promise.all(processes.map((store) => store.kill()));
  await fs.rm(workDir, { recursive: true, force: true });
});

async function storeProcess(): Promise<StoreProcess> {
  const store = await startStoreProcess(config);
  processes.push(store);
  return store;
}

describe.runIf(testDatabaseKind() === 'pglite')('an upload across a store crash and restart', () => {
  it('200 MB: killed mid-way, resumed from its checkpoint re-sending at most the parts in flight; sha256 equal', async () => {
    const file = path.join(workDir, 'catwalk.mp4');
    const sha256 = await randomFile(file, 200 * MB);
    const key = 'designers/7/videos/catwalk.mp4';
    const first = await storeProcess();
    // The secret is DATA_DIR's, so credentials issued here are the ones the store process accepts.
    const authority = await openCredentialAuthority(config);
    const credentials = (): UploadCredentials =>
      authority.issueUploadCredentials({
        designerId: 7,
        objectKey: key,
        maxBytes: 200 * MB,
        ttlSeconds: 900,
      });
    const storage = mapStorage();

    // First page: the store dies after 80 parts.
    const before = observedFetch();
    let killing: Promise<void> | undefined;
    const firstPage = pageUploader({
      fetch: before.fetch,
      storage,
      // The 3 retries still happen; 0.5 s apart instead of 2 s (the 2 s rule has its own unit test).
      retryDuration: 0.5,
      grant: () => ({ ...grantFor(credentials(), first.url, key), videoId: 'video-b' }),
      onUploadProgress: (item) => {
        if (!killing && (item.checkpoint?.doneParts.length ?? 0) >= 80) killing = first.kill();
      },
    });
    const source = await fileSource(file);
    firstPage.uploader.addFile(source);
    firstPage.uploader.startUpload();
    const failed = await firstPage.ending;
    await killing;
    expect(failed).toMatchObject({ kind: 'failed', code: 'RequestError' });
    const record = JSON.parse(storage.values.get(resumeRecordKey(source))!) as ResumeRecord;
    expect(record).toMatchObject({ state: 'Failure', videoId: 'video-b', object: key });
    const landedBefore = new Set(before.partNumbers(200));
    const attemptedBefore = new Set(before.partNumbers());
    expect(landedBefore.size).toBeGreaterThanOrEqual(80);
    expect(landedBefore.size).toBeLessThan(200);

    // The store comes back on another port; a new page, the same file, the same local storage.
    const second = await storeProcess();
    expect(second.port).not.toBe(first.port);
    const after = observedFetch();
    let resumedItem: Pick<UploadInfo, 'videoId' | 'checkpoint'> | undefined;
    const secondPage = pageUploader({
      fetch: after.fetch,
      storage,
      onUploadstarted: (item) => {
        resumedItem = { videoId: item.videoId, checkpoint: item.checkpoint };
      },
      // With a video id the page refreshes the upload rather than creating a new one.
      grant: (item) => ({ ...grantFor(credentials(), second.url, key), videoId: item.videoId }),
    });
    secondPage.uploader.addFile(await fileSource(file));
    const startedAt = performance.now();
    secondPage.uploader.startUpload();
    const result = await secondPage.ending;
    expect(result.kind).toBe('succeed');
    expect(resumedItem).toMatchObject({
      videoId: 'video-b',
      checkpoint: { uploadId: record.checkpoint.uploadId },
    });

    const sentAfter = after.partNumbers();
    const resent = sentAfter.filter((partNumber) => attemptedBefore.has(partNumber));
    console.info(
      `restart: ${landedBefore.size} parts landed before the kill, ${attemptedBefore.size - landedBefore.size} in flight; ` +
        `after: ${sentAfter.length} parts sent, ${resent.length} of them re-sent, in ${(performance.now() - startedAt).toFixed(0)} ms`,
    );
    // Nothing that landed is sent again; of the parts in flight at the kill, at most all 5 are.
    expect(sentAfter.filter((partNumber) => landedBefore.has(partNumber))).toEqual([]);
    expect(resent.length).toBeLessThanOrEqual(5);
    expect(new Set([...landedBefore, ...after.partNumbers(200)]).size).toBeGreaterThanOrEqual(200 - 5);
    expect(after.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
    expect(storage.values.has(resumeRecordKey(source))).toBe(false);
    expect(await storedSha256(second.url, credentials(), key)).toBe(sha256);
  }, 60_000);
});
