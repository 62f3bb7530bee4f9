import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken, writeOperatorFile } from '../../src/admin/operator-file.ts';
import { objectReferences } from '../../src/admin/storage-references.ts';
import { drawnOnFirstView } from '../../src/admin/storage-verify.ts';
import { designers, videos } from '../../src/db/schema/index.ts';
import { API, createTestApp, type TestApp, testDatabaseKind } from '../support/test-app.ts';
import { adminWith } from './storage-support.ts';

/**
 * Issue 19 point 6: `storage verify` while a server holds the embedded database. The CLI may not
 * open it, so it asks the server (DATA_DIR/operator.json) for the referenced keys and checks the
 * store itself. On the demo's rows: every demo picture and video is drawn on first view, so an
 * install that never showed them has nothing missing.
 */
describe.runIf(testDatabaseKind() === 'pglite')(
  'issue 19 point 6: storage verify through a running server',
  () => {
    let test: TestApp;
    let dataDir: string;
    const onlyOnServer = 'designers/1/videos/0123456789abcdef0123456789abcdef.mp4';

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-verify-served-'));
      // The demo's rows live in the server's database only, never in DATA_DIR/pglite.
      test = await createTestApp({ contents: 'demo', env: { DATA_DIR: dataDir, PORT: '0' } });
      await test.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = test.app.server.address() as { port: number };
      writeOperatorFile(dataDir, { url: `http://127.0.0.1:${port}${API}`, token: newOperatorToken() });
    }, 180_000);
    afterAll(async () => {
      await test?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('the demo references only objects drawn on first view', async () => {
      const refs = await objectReferences(test.db, new Date());
      expect(refs.length).toBeGreaterThan(50);
      expect(refs.filter((ref) => !drawnOnFirstView(ref.key))).toEqual([]);
    });

    it('the CLI checks the keys the server answers: demo media drawn, a real one missing', async () => {
      const [designer] = await test.db.select({ id: designers.id }).from(designers).limit(1);
      const key = onlyOnServer.replace('/1/', `/${designer!.id}/`);
      const now = new Date();
      await test.db.insert(videos).values({
        designerId: designer!.id,
        title: 'never uploaded',
        objectKey: key,
        fileName: 'a.mp4',
        fileSize: 1000,
        mimeType: 'video/mp4',
        status: 'published',
        createdAt: now,
        updatedAt: now,
      });
      const run = await adminWith({ DATA_DIR: dataDir }, 'storage', 'verify');
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).not.toContain('No server answered');
      expect(run.stderr).toContain(`missing (1):\n  ${key}\n`);
      expect(run.stderr).toMatch(/drawn on first view \(demo media, not stored yet\): [1-9]\d+/);
    }, 60_000);
  },
);
