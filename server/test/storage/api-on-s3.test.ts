import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cephInstalled,
  type Gateway,
  gatewayEnv,
  NO_CEPH,
  restartGateway,
  startRgw,
  stopGateway,
  stopRgw,
} from '../../../scripts/ceph-rgw.mjs';
import { type UploadGrant, VodUploader } from '../../../web/src/upload/index.ts';
import { objectStoreFor } from '../../src/storage/index.ts';
import { modelUpload, shippedGlb } from '../looks/support.ts';
import { mp4Bytes, PNG_1X1 } from '../support/media-bytes.ts';
import { adminS3Client } from '../support/rgw.ts';
import { paddedVideo } from '../support/video-files.ts';
import { fileSource, mapStorage } from '../upload/support/uploads.ts';
import {
  call,
  createVideosApp,
  decodeGrant,
  processedVideo,
  type Session,
  someDesigner,
  type VideosApp,
  videoUpload,
} from '../videos/support.ts';

/**
 * Issue 19 points 2 and 3 through the API: with OBJECT_STORE=s3 on a real Ceph RGW, the web
 * uploader publishes a video straight into the bucket in 5 MiB parts, its play link answers
 * Range from the bucket, pictures are checked by their bytes and linked by their lasting address,
 * and the instance's DATA_DIR holds no object.
 */

const installed = cephInstalled();
const MiB = 1024 * 1024;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type GrantData = { videoId?: string; imageId?: string; uploadAddress: string; uploadAuth: string };

describe.skipIf(!installed)(
  `issue 19: the console on S3 (Ceph RGW)${installed ? '' : ` — ${NO_CEPH}`}`,
  () => {
    let gateway: Gateway;
    let t: VideosApp;
    let alice: Session;
    let bob: Session;
    let instanceDir: string;
    let workDir: string;
    let admin: S3Client;
    const bucket = `api-${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      gateway = await startRgw();
      instanceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-s3-instance-'));
      workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-s3-work-'));
      t = await createVideosApp({
        DATA_DIR: instanceDir,
        OSS_PUBLIC_URL: '',
        VIDEO_MAX_BYTES: String(64 * MiB),
        ...gatewayEnv(gateway, bucket),
      });
      await objectStoreFor(t.app.config).prepare();
      alice = await someDesigner(t, 'alice');
      bob = await someDesigner(t, 'bob');
      admin = adminS3Client(gateway);
    }, 120_000);

    afterAll(async () => {
      admin?.destroy();
      await t?.close();
      if (gateway) await stopRgw(gateway.dir);
      for (const dir of [instanceDir, workDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('the web uploader sends a 12 MiB video into the bucket in 5 MiB parts; processing reads it from and writes its rendition to the bucket (issue 20); the play link answers Range (206) from RGW', async () => {
      const bytes = paddedVideo(12 * MiB + 321);
      const file = path.join(workDir, 'lookbook.mp4');
      await fs.writeFile(file, bytes);
      const partSizes: number[] = [];
      const videoId = await new Promise<string>((resolve, reject) => {
        const uploader = new VodUploader({
          pageEvents: undefined,
          storage: mapStorage(),
          fetch: (url, init) => {
            if (init?.method === 'PUT' && url.includes('partNumber='))
              partSizes.push((init.body as ArrayBuffer).byteLength);
            return fetch(url, init);
          },
          getUploadAuth: async (item, purpose): Promise<UploadGrant> => {
            const answer =
              purpose === 'create'
                ? await call<GrantData>(t, alice, 'POST', '/vod/create-upload', {
                    ...videoUpload(),
                    fileName: item.file.name,
                    fileSize: item.file.size,
                  })
                : await call<GrantData>(t, alice, 'POST', '/vod/refresh-upload', { videoId: item.videoId });
            if (answer.code !== 200) throw new Error(`${answer.code}: ${answer.msg}`);
            return answer.data;
          },
          onUploadSucceed: (item) => resolve(item.videoId!),
          onUploadFailed: (_item, code, message) => reject(new Error(`${code}: ${message}`)),
        });
        void fileSource(file).then((source) => {
          uploader.addFile(source);
          uploader.startUpload();
        });
      });
      expect(partSizes.sort((a, b) => b - a)).toEqual([5 * MiB, 5 * MiB, 2 * MiB + 321]);
      const finished = await call<{ status: string }>(
        t,
        alice,
        'POST',
        `/videos/${videoId}/upload-finished`,
        {
          durationSeconds: 5,
        },
      );
      expect(finished.data).toMatchObject({ status: 'processing' });
      const detail = await processedVideo(t, alice, videoId);
      expect(detail.status).toBe('published');
      // The cover cut from it, by its lasting address: a redirect to the bucket.
      const cover = await t.app.inject({ method: 'GET', url: detail.coverUrl });
      expect(cover.statusCode).toBe(302);
      expect(
        String(cover.headers.location).startsWith(
          `${gateway.endpoint}/${bucket}/designers/${alice.id}/images/`,
        ),
      ).toBe(true);
      expect(detail.playUrl!.startsWith(`${gateway.endpoint}/${bucket}/designers/${alice.id}/videos/`)).toBe(
        true,
      );
      const whole = new Uint8Array(await (await fetch(detail.playUrl!)).arrayBuffer());
      // The rendition holds the picture and sound, not the upload's 12 MiB of padding.
      expect(whole.length).toBeLessThan(MiB);
      const range = await fetch(detail.playUrl!, { headers: { Range: 'bytes=100-199' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-type')).toBe('video/mp4');
      expect(sha(new Uint8Array(await range.arrayBuffer()))).toBe(sha(whole.subarray(100, 200)));
    }, 120_000);

    it('a picture is checked by its bytes, answered as a bucket link, and kept by its lasting address (302 to the bucket)', async () => {
      const grant = await imageGrant('cover.png', PNG_1X1.length);
      await browserPut(grant, PNG_1X1);
      const finished = await call<{ url: string; address: string }>(
        t,
        alice,
        'POST',
        `/images/${grant.imageId}/upload-finished`,
        {},
      );
      expect(finished.code).toBe(200);
      expect(finished.data.url.startsWith(`${gateway.endpoint}/${bucket}/`)).toBe(true);
      const redirect = await t.app.inject({ method: 'GET', url: finished.data.address });
      expect(redirect.statusCode).toBe(302);
      const picture = await fetch(redirect.headers.location as string);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(sha(new Uint8Array(await picture.arrayBuffer()))).toBe(sha(PNG_1X1));
    });

    it('a 3D model goes into the bucket, its glTF is checked from ranges of the stored object, and its link serves model/gltf-binary', async () => {
      const bytes = shippedGlb('coat-form.glb');
      const created = await call<GrantData & { modelId: string }>(
        t,
        alice,
        'POST',
        '/look-models/create-upload',
        modelUpload({ fileSize: bytes.length }),
      );
      const grant = decodeGrant(created.data);
      await browserPut(grant, bytes, 'model/gltf-binary');
      const finished = await call<{ status: string; triangleCount: number; modelUrl: string }>(
        t,
        alice,
        'POST',
        `/look-models/${created.data.modelId}/upload-finished`,
      );
      expect(finished.data).toMatchObject({ status: 'ready' });
      expect(finished.data.triangleCount).toBeGreaterThan(1000);
      const model = await fetch(finished.data.modelUrl);
      expect(model.headers.get('content-type')).toBe('model/gltf-binary');
      expect(sha(new Uint8Array(await model.arrayBuffer()))).toBe(sha(bytes));
    });

    it('attack: an HTML page uploaded as a picture is refused by upload-finished and deleted from the bucket', async () => {
      const page = Buffer.from('<!doctype html><script>fetch("/designerapi/v1/designer")</script>');
      const grant = await imageGrant('cover.png', page.length);
      await browserPut(grant, page, 'text/html');
      const finished = await call(t, alice, 'POST', `/images/${grant.imageId}/upload-finished`, {});
      expect(finished.code).toBe(40000);
      expect(await objectStoreFor(t.app.config).head(grant.address.FileName)).toBeUndefined();
    });

    it('attack: a declared size the bucket cannot enforce is checked at upload-finished (40000 on fileSize, object deleted)', async () => {
      const created = await call<GrantData>(
        t,
        alice,
        'POST',
        '/vod/create-upload',
        videoUpload({ fileSize: 1000 }),
      );
      const grant = decodeGrant(created.data);
      await browserPut(grant, mp4Bytes(2 * MiB));
      const finished = await call<unknown>(t, alice, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
      expect(finished.code).toBe(40000);
      expect(JSON.stringify(finished)).toContain('fileSize');
      expect(await objectStoreFor(t.app.config).head(grant.address.FileName)).toBeUndefined();
    });

    it("attack: bob cannot refresh alice's upload grant (40400), and alice's credentials cannot write bob's key", async () => {
      const created = await call<GrantData>(t, alice, 'POST', '/vod/create-upload', videoUpload());
      const aliceGrant = decodeGrant(created.data);
      const refreshed = await call(t, bob, 'POST', '/vod/refresh-upload', { videoId: aliceGrant.videoId });
      expect(refreshed.code).toBe(40400);
      const bobGrant = decodeGrant(
        (await call<GrantData>(t, bob, 'POST', '/vod/create-upload', videoUpload())).data,
      );
      await expect(
        browserPut({ ...aliceGrant, address: bobGrant.address }, mp4Bytes(1024)),
      ).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    });

    it('attack: 20 grants at once each open only their own key — a neighbour grant’s key is AccessDenied', async () => {
      const grants = await Promise.all(
        Array.from({ length: 20 }, (_, n) => imageGrant(`burst-${n}.png`, PNG_1X1.length)),
      );
      expect(new Set(grants.map((grant) => grant.address.FileName)).size).toBe(20);
      await Promise.all(grants.map((grant) => browserPut(grant, PNG_1X1)));
      const crossed = await Promise.all(
        grants.map((grant, n) =>
          browserPut({ ...grant, address: grants[(n + 1) % 20]!.address }, PNG_1X1).then(
            () => 'written',
            (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode,
          ),
        ),
      );
      expect(crossed).toEqual(Array(20).fill(403));
    }, 60_000);

    it('an image whose object never reached the bucket answers 404 for its lasting address, not 500', async () => {
      const key = (await imageGrant('never-sent.png', PNG_1X1.length)).address.FileName;
      const missing = await t.app.inject({ method: 'GET', url: `/designerapi/v1/image-files/${key}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 40400 });
    });

    it('fault: the gateway down answers 50300 envelopes (never a 500 or a crash); back up, the same request works', async () => {
      const grant = await imageGrant('outage.png', PNG_1X1.length);
      await browserPut(grant, PNG_1X1);
      await stopGateway(gateway.dir);
      try {
        const during = await call(t, alice, 'POST', `/images/${grant.imageId}/upload-finished`, {});
        expect(during.code).toBe(50300);
        const grantDuring = await call(t, alice, 'POST', '/vod/create-upload', videoUpload());
        expect(grantDuring.code).toBe(50300);
      } finally {
        await restartGateway(gateway.dir);
      }
      const after = await call(t, alice, 'POST', `/images/${grant.imageId}/upload-finished`, {});
      expect(after.code).toBe(200);
    }, 60_000);

    it('nothing but temporary files lands under the instance DATA_DIR', async () => {
      const found: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else found.push(path.relative(instanceDir, full));
        }
      };
      await walk(instanceDir);
      // The embedded database of this test app lives in its own folder; objects never do.
      expect(found.filter((file) => file.startsWith('objects') || file.startsWith('tmp'))).toEqual([]);
    });

    /** Alice's create-upload for a picture of `fileSize` bytes, decoded. */
    async function imageGrant(fileName: string, fileSize: number) {
      const created = await call<GrantData>(t, alice, 'POST', '/vod/create-upload', {
        kind: 'image',
        fileName,
        fileSize,
        mimeType: 'image/png',
      });
      return decodeGrant(created.data);
    }

    /** What a browser does with a grant: PutObject with the STS credentials, as the uploader would. */
    async function browserPut(
      grant: ReturnType<typeof decodeGrant>,
      body: Buffer,
      contentType = 'application/octet-stream',
    ) {
      const client = new S3Client({
        endpoint: grant.address.Endpoint,
        region: gateway.region,
        forcePathStyle: true,
        credentials: {
          accessKeyId: grant.auth.AccessKeyId,
          secretAccessKey: grant.auth.AccessKeySecret,
          sessionToken: grant.auth.SecurityToken,
        },
      });
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: grant.address.Bucket,
            Key: grant.address.FileName,
            Body: body,
            ContentType: contentType,
          }),
        );
      } finally {
        client.destroy();
      }
    }
  },
);
