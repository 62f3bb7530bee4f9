import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cephInstalled,
  type Gateway,
  gatewayEnv,
  NO_CEPH,
  startRgw,
  stopRgw,
} from '../../../scripts/ceph-rgw.mjs';
import { testDatabaseKind } from '../support/test-app.ts';
import { adminWith, type SeededInstall, seedEmbeddedInstall } from './storage-support.ts';

/**
 * Issue 19 point 6, moving house: `storage migrate --to s3` copies an embedded install's objects
 * into a real Ceph RGW bucket (scripts/ceph-rgw.mjs), resumes where it stopped, and `storage
 * verify` finds a missing object on either store. Real CLI processes on a real DATA_DIR.
 */

const installed = cephInstalled();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.runIf(testDatabaseKind() === 'pglite' && installed)(
  `issue 19 point 6: storage migrate and verify on Ceph RGW${installed ? '' : ` — ${NO_CEPH}`}`,
  () => {
    let gateway: Gateway;
    let install: SeededInstall;
    let s3: S3Client;
    const bucket = `move-${randomBytes(4).toString('hex')}`;
    let s3Env: Record<string, string>;

    beforeAll(async () => {
      [gateway, install] = await Promise.all([startRgw(), seedEmbeddedInstall()]);
      // OBJECT_STORE left out: migrate's source is DATA_DIR's embedded store whatever it says.
      const { OBJECT_STORE: _, ...settings } = gatewayEnv(gateway, bucket);
      s3Env = { DATA_DIR: install.dataDir, ...settings };
      s3 = new S3Client({
        endpoint: gateway.endpoint,
        region: gateway.region,
        forcePathStyle: true,
        credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
      });
    }, 180_000);

    afterAll(async () => {
      s3?.destroy();
      if (gateway) await stopRgw(gateway.dir);
      if (install) await fs.rm(install.dataDir, { recursive: true, force: true });
    }, 60_000);

    /** OBJECT_STORE is left unset: the source is DATA_DIR's embedded store whatever it says. */
    const migrate = () => adminWith(s3Env, 'storage', 'migrate', '--to', 's3');

    async function bucketSha(key: string): Promise<string | undefined> {
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return sha(await answer.Body!.transformToByteArray());
      } catch {
        return undefined;
      }
    }

    async function expectEveryObjectArrived() {
      for (const [key, bytes] of install.objects) expect(await bucketSha(key), key).toBe(sha(bytes));
    }

    it('copies every object into the bucket, byte for byte, with a one-line summary', async () => {
      const run = await migrate();
      expect(run.code, run.stderr).toBe(0);
      const count = install.objects.size;
      expect(run.stdout).toMatch(new RegExp(`^storage migrate: copied ${count}, skipped 0, failed 0, `));
      expect(run.stdout.trim().split('\n')).toHaveLength(1);
      await expectEveryObjectArrived();
      const rate = /([\d.]+) MB\/s/.exec(run.stdout)?.[1];
      console.info(`storage migrate to Ceph RGW: ${run.stdout.trim()} (throughput ${rate} MB/s)`);
    }, 120_000);

    it('run again, it skips what the bucket already holds at the same size', async () => {
      const run = await migrate();
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`copied 0, skipped ${install.objects.size}, failed 0`);
    }, 60_000);

    it('after an interruption (one object gone, one cut short) it copies just those two', async () => {
      const { video, model } = install.keys;
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: model }));
      // What a write cut off by a crash would leave at worst: another size under the key.
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: video, Body: Buffer.from('partial') }));
      const run = await migrate();
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`copied 2, skipped ${install.objects.size - 2}, failed 0`);
      await expectEveryObjectArrived();
    }, 60_000);

    it('verify on the embedded store: complete passes; a deleted object is named, exit 1', async () => {
      const env = { DATA_DIR: install.dataDir };
      const complete = await adminWith(env, 'storage', 'verify');
      expect(complete.code, complete.stderr).toBe(0);
      expect(complete.stdout).toContain('missing: 0');
      expect(complete.stdout).toContain('drawn on first view (demo media, not stored yet): 1');
      expect(complete.stdout).toContain('uploading (no object expected yet): 1');

      const { picture } = install.keys;
      await install.store.delete(picture);
      try {
        const broken = await adminWith(env, 'storage', 'verify');
        expect(broken.code).toBe(1);
        expect(broken.stderr).toContain('missing: 1');
        expect(broken.stderr).toContain(`missing (1):\n  ${picture}\n`);
        expect(broken.stderr).not.toContain(install.keys.demoPicture);
      } finally {
        await install.store.put(picture, install.objects.get(picture)!, 'image/png');
      }
    }, 120_000);

    it('verify on the bucket: complete passes; a deleted object and a wrong size fail it', async () => {
      const env = { ...s3Env, OBJECT_STORE: 's3' };
      const complete = await adminWith(env, 'storage', 'verify');
      expect(complete.code, complete.stderr).toBe(0);
      expect(complete.stdout).toContain(`checked against the S3 bucket ${bucket}`);
      expect(complete.stdout).toContain('missing: 0');

      const { model, cover } = install.keys;
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: model }));
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: cover, Body: Buffer.from('short') }));
      const broken = await adminWith(env, 'storage', 'verify');
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`missing (1):\n  ${model}\n`);
      expect(broken.stderr).toContain(`${cover}: the row records 200000 bytes, the store holds 5`);

      // And the migration mends both.
      const mended = await migrate();
      expect(mended.stdout).toContain('copied 2,');
      expect((await adminWith(env, 'storage', 'verify')).code).toBe(0);
    }, 120_000);
  },
);

describe.runIf(testDatabaseKind() === 'pglite')('issue 19 point 6: storage migrate settings', () => {
  it('--to s3 without the S3 settings: one line naming the missing setting, exit 2', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-move-unset-'));
    try {
      const run = await adminWith({ DATA_DIR: dataDir }, 'storage', 'migrate', '--to', 's3');
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('S3_BUCKET')]);
      const half = await adminWith(
        { DATA_DIR: dataDir, S3_BUCKET: 'moving-house', S3_ACCESS_KEY_ID: 'key' },
        'storage',
        'migrate',
        '--to',
        's3',
      );
      expect(half.code).toBe(2);
      expect(half.stderr.trim()).toMatch(/^Invalid setting S3_SECRET_ACCESS_KEY=/);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
