import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_UPLOAD_AGE_MS, removeAbandonedUploads } from '../../src/oss/cleanup.ts';
import { StoreLayout } from '../../src/oss/layout.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { ossRequest, startTestStore, type TestStore, xmlText } from './support/store.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const layout = () => new StoreLayout(t.store.root);

async function initiateWithPart(key: string): Promise<string> {
  const credentials = t.credentialsFor(7);
  const init = await ossRequest(t.endpoint, { method: 'POST', key, subres: { uploads: null }, credentials });
  const uploadId = xmlText(init, 'UploadId')!;
  await ossRequest(t.endpoint, {
    method: 'PUT',
    key,
    subres: { partNumber: 1, uploadId },
    body: Buffer.from('p'),
    credentials,
  });
  return uploadId;
}

/** Sets an upload's last activity `days` ago. */
async function age(uploadId: string, days: number) {
  const when = new Date(Date.now() - days * DAY);
  await fs.utimes(path.join(layout().multipartDir, uploadId), when, when);
}

describe.runIf(testDatabaseKind() === 'pglite')(
  'abandoned multipart uploads are cleaned after 7 days',
  () => {
    it('an upload idle 8 days goes, parts and all; one idle 6 days stays and still works', async () => {
      const abandoned = await initiateWithPart('designers/7/abandoned.mp4');
      const recent = await initiateWithPart('designers/7/recent.mp4');
      await age(abandoned, 8);
      await age(recent, 6);

      const report = await removeAbandonedUploads(layout());
      expect(report.uploads).toBe(1);
      expect(await fs.readdir(layout().multipartDir)).toEqual([recent]);

      const credentials = t.credentialsFor(7);
      const gone = await ossRequest(t.endpoint, {
        method: 'PUT',
        key: 'designers/7/abandoned.mp4',
        subres: { partNumber: 2, uploadId: abandoned },
        body: Buffer.from('late'),
        credentials,
      });
      expect([gone.status, gone.code]).toEqual([404, 'NoSuchUpload']);
      const listed = await ossRequest(t.endpoint, {
        method: 'GET',
        key: 'designers/7/recent.mp4',
        subres: { uploadId: recent },
        credentials,
      });
      expect(listed.status).toBe(200);
    });

    it('uploading a part counts as activity', async () => {
      const uploadId = await initiateWithPart('designers/7/active.mp4');
      await age(uploadId, 30);
      await ossRequest(t.endpoint, {
        method: 'PUT',
        key: 'designers/7/active.mp4',
        subres: { partNumber: 2, uploadId },
        body: Buffer.from('again'),
        credentials: t.credentialsFor(7),
      });
      await removeAbandonedUploads(layout());
      expect(await fs.readdir(layout().multipartDir)).toContain(uploadId);
    });

    it('temporary files left over a day (a crash mid-upload) are removed too; fresh ones are not', async () => {
      const stale = path.join(layout().temporaryDir, 'part-stale');
      const fresh = path.join(layout().temporaryDir, 'part-fresh');
      await fs.writeFile(stale, 'x');
      await fs.writeFile(fresh, 'x');
      const when = new Date(Date.now() - 2 * DAY);
      await fs.utimes(stale, when, when);
      const report = await removeAbandonedUploads(layout());
      expect(report.temporaryFiles).toBe(1);
      expect(await fs.readdir(layout().temporaryDir)).toEqual(['part-fresh']);
    });

    it('the store cleans at start (and every 6 hours after)', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-oss-clean-'));
      const old = path.join(dataDir, 'objects', '.multipart', 'A'.repeat(32));
      await fs.mkdir(old, { recursive: true });
      await fs.writeFile(path.join(old, 'upload.json'), '{}');
      const when = new Date(Date.now() - ABANDONED_UPLOAD_AGE_MS - DAY);
      await fs.utimes(old, when, when);
      const started = await startTestStore({ DATA_DIR: dataDir });
      try {
        await expect.poll(() => fs.readdir(path.join(dataDir, 'objects', '.multipart'))).toEqual([]);
      } finally {
        await started.close();
      }
    });
  },
);
