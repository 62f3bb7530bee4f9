import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cephInstalled,
  type GatewayWithoutRole,
  gatewayEnv,
  NO_CEPH,
  restartGateway,
  startRgw,
  stopGateway,
  stopRgw,
} from '../../../scripts/ceph-rgw.mjs';
import { type UploadGrant, VodUploader } from '../../../web/src/upload/index.ts';
import { loadConfig } from '../../src/config.ts';
import { videos } from '../../src/db/schema/index.ts';
import { OPEN_UPLOADS_PER_KEY } from '../../src/modules/object-uploads/index.ts';
import { CredentialAuthority } from '../../src/oss/credentials.ts';
import { ObjectStoreSettingError, objectStoreFor } from '../../src/storage/index.ts';
import { adminS3Client } from '../support/rgw.ts';
import { API } from '../support/test-app.ts';
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
 * Issue 19, S3 without STS: on a Ceph RGW that has no role, create-upload answers
 * `Protocol: 's3-presigned'` and the console's own one-key credentials; the browser's uploader
 * runs the upload through the object-uploads calls and PUTs each part to a URL presigned for its
 * exact length. The attacks: another's key, forged and expired tokens, more bytes than signed,
 * parts past the declared size, writing over a stored object, a burst of part URLs, garbage ids.
 */

const installed = cephInstalled();
const MiB = 1024 * 1024;
const OSS_SECRET = 'presigned-uploads-test-secret-0123456789abcdef';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type GrantData = { videoId: string; uploadAddress: string; uploadAuth: string };
interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

describe.skipIf(!installed)(
  `issue 19: presigned part URLs on S3 without STS (Ceph RGW, no role)${installed ? '' : ` — ${NO_CEPH}`}`,
  () => {
    let gateway: GatewayWithoutRole;
    let t: VideosApp;
    let alice: Session;
    let bob: Session;
    let instanceDir: string;
    let workDir: string;
    let admin: S3Client;
    let base: string;
    const bucket = `presigned-${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      gateway = await startRgw({ role: false });
      instanceDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-presigned-instance-'));
      workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-presigned-work-'));
      t = await createVideosApp({
        DATA_DIR: instanceDir,
        OSS_PUBLIC_URL: '',
        OSS_SECRET,
        VIDEO_MAX_BYTES: String(128 * MiB),
        ...gatewayEnv(gateway, bucket),
      });
      await objectStoreFor(t.app.config).prepare();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
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

    /** create-upload of a video of `size` bytes: the grant and its decoded parts. */
    async function grantOf(who: Session, size: number) {
      const created = await call<GrantData>(t, who, 'POST', '/vod/create-upload', {
        ...videoUpload(),
        fileSize: size,
      });
      expect(created.code, created.msg).toBe(200);
      const grant = decodeGrant(created.data);
      return { ...grant, videoId: created.data.videoId, key: grant.address.FileName };
    }

    type Credentials = { AccessKeyId: string; SecurityToken: string };

    /** One object-uploads call with a grant's credentials in the headers. */
    async function op<T = unknown>(
      auth: Credentials | Record<string, string>,
      operation: 'initiate' | 'part' | 'list' | 'complete' | 'abort',
      body: object,
    ): Promise<Answer<T>> {
      const headers =
        'AccessKeyId' in auth
          ? { 'x-upload-access-key-id': auth.AccessKeyId, 'x-upload-security-token': auth.SecurityToken }
          : auth;
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/object-uploads/${operation}`,
        headers,
        payload: body,
      });
      const answer = res.json() as { code: number; msg: string; data: T };
      return { ...answer, status: res.statusCode };
    }

    async function putPart(auth: Credentials, uploadId: string, partNumber: number, bytes: Buffer) {
      const signed = await op<{ url: string }>(auth, 'part', { uploadId, partNumber, size: bytes.length });
      expect(signed.code, signed.msg).toBe(200);
      const put = await fetch(signed.data.url, { method: 'PUT', body: bytes });
      expect(put.status, await put.clone().text()).toBe(200);
      return put.headers.get('etag')!.replace(/"/g, '');
    }

    const stored = (key: string) =>
      admin.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        (head) => head.ContentLength,
        () => undefined,
      );

    it('create-upload answers s3-presigned: the four credential fields, the SigningUrl of our API, no store credentials', async () => {
      const grant = await grantOf(alice, 1000);
      expect(grant.address).toMatchObject({
        Endpoint: gateway.endpoint,
        Bucket: bucket,
        PathStyle: true,
        Protocol: 's3-presigned',
        SigningUrl: `http://localhost:80${API}/object-uploads`,
      });
      expect(grant.key.startsWith(`designers/${alice.id}/videos/`)).toBe(true);
      for (const field of ['AccessKeyId', 'AccessKeySecret', 'SecurityToken', 'Expiration'] as const)
        expect(grant.auth[field]).toBeTruthy();
      expect(grant.auth.AccessKeyId).not.toBe(gateway.accessKeyId);
    });

    it('the web uploader publishes a 12 MiB video: create-upload → initiate → 3 presigned parts → complete → upload-finished → processed on the bucket', async () => {
      const bytes = paddedVideo(12 * MiB + 321);
      const file = path.join(workDir, 'lookbook.mp4');
      await fs.writeFile(file, bytes);
      const partSizes: number[] = [];
      const calls: string[] = [];
      const http = async <T>(method: string, apiPath: string, body?: object): Promise<Answer<T>> => {
        const res = await fetch(`${base}${API}${apiPath}`, {
          method,
          headers: { authtoken: alice.token, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { ...((await res.json()) as { code: number; msg: string; data: T }), status: res.status };
      };
      const videoId = await new Promise<string>((resolve, reject) => {
        const uploader = new VodUploader({
          pageEvents: undefined,
          storage: mapStorage(),
          fetch: (url, init) => {
            if (url.startsWith(gateway.endpoint)) partSizes.push((init.body as ArrayBuffer).byteLength);
            else calls.push(new URL(url).pathname.split('/').pop()!);
            return fetch(url, init);
          },
          getUploadAuth: async (item, purpose): Promise<UploadGrant> => {
            const answer =
              purpose === 'create'
                ? await http<GrantData>('POST', '/vod/create-upload', {
                    ...videoUpload(),
                    fileName: item.file.name,
                    fileSize: item.file.size,
                  })
                : await http<GrantData>('POST', '/vod/refresh-upload', { videoId: item.videoId });
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
      expect(calls.sort()).toEqual(['complete', 'initiate', 'part', 'part', 'part']);
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
      expect((await processedVideo(t, alice, videoId)).status).toBe('published');
      // The upload landed whole: the original in the bucket is the file, byte for byte.
      const [row] = await t.db
        .select()
        .from(videos)
        .where(eq(videos.id, Number(videoId)));
      const original = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: row!.objectKey }));
      expect(sha(await original.Body!.transformToByteArray())).toBe(sha(bytes));
    }, 120_000);

    it('attack: a part URL signs Content-Length — more bytes than signed are refused by RGW, the exact size lands', async () => {
      const grant = await grantOf(alice, 6 * MiB);
      const { data } = await op<{ uploadId: string }>(grant.auth, 'initiate', { contentType: 'video/mp4' });
      const size = 5 * MiB;
      const signed = await op<{ url: string }>(grant.auth, 'part', {
        uploadId: data.uploadId,
        partNumber: 1,
        size,
      });
      expect(signed.code).toBe(200);
      const url = new URL(signed.data.url);
      expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-length');
      expect(url.searchParams.has('X-Amz-Security-Token')).toBe(false);

      const more = await fetch(url, { method: 'PUT', body: randomBytes(size + 1) });
      expect(more.status).toBe(403);
      const fewer = await fetch(url, { method: 'PUT', body: randomBytes(size - 1) });
      expect(fewer.status).toBe(403);
      expect(
        (await op<{ parts: unknown[] }>(grant.auth, 'list', { uploadId: data.uploadId })).data.parts,
      ).toEqual([]);
      const exact = await fetch(url, { method: 'PUT', body: randomBytes(size) });
      expect(exact.status).toBe(200);
      const listed = await op<{ parts: { size: number }[] }>(grant.auth, 'list', { uploadId: data.uploadId });
      expect(listed.data.parts.map((part) => part.size)).toEqual([size]);
      expect((await op(grant.auth, 'abort', { uploadId: data.uploadId })).code).toBe(200);
    }, 60_000);

    it('attack: parts past the declared size — a part URL that would overrun it is refused, and so is complete when the parts sum exceeds it', async () => {
      const declared = 12 * MiB;
      const grant = await grantOf(alice, declared);
      const { data } = await op<{ uploadId: string }>(grant.auth, 'initiate', { contentType: 'video/mp4' });
      const { uploadId } = data;

      const tooBig = await op(grant.auth, 'part', { uploadId, partNumber: 1, size: declared + 1 });
      expect(tooBig).toMatchObject({ status: 400, code: 40000, data: { reason: 'EntityTooLarge' } });
      // Part 3 of 5 MiB means at least 2 × 5 MiB before it: 15 MiB > 12 MiB.
      const third = await op(grant.auth, 'part', { uploadId, partNumber: 3, size: 5 * MiB });
      expect(third).toMatchObject({ status: 400, code: 40000, data: { reason: 'EntityTooLarge' } });
      const pastMax = await op(grant.auth, 'part', { uploadId, partNumber: 10_001, size: 1 });
      expect(pastMax).toMatchObject({ status: 400, code: 40000 });

      // Each part alone fits the plan (7 MiB; 5 + 7 MiB), together they hold 14 MiB > 12 MiB.
      const etag1 = await putPart(grant.auth, uploadId, 1, randomBytes(7 * MiB));
      const etag2 = await putPart(grant.auth, uploadId, 2, randomBytes(7 * MiB));
      const completed = await op(grant.auth, 'complete', {
        uploadId,
        parts: [
          { partNumber: 1, etag: etag1 },
          { partNumber: 2, etag: etag2 },
        ],
      });
      expect(completed).toMatchObject({ status: 400, code: 40000, data: { reason: 'EntityTooLarge' } });
      expect(await stored(grant.key)).toBeUndefined();

      // A part the store does not hold, or parts out of order: refused, not passed on.
      const unknown = await op(grant.auth, 'complete', { uploadId, parts: [{ partNumber: 1, etag: 'abc' }] });
      expect(unknown).toMatchObject({ status: 400, data: { reason: 'InvalidPart' } });
      const disordered = await op(grant.auth, 'complete', {
        uploadId,
        parts: [
          { partNumber: 2, etag: etag2 },
          { partNumber: 1, etag: etag1 },
        ],
      });
      expect(disordered).toMatchObject({ status: 400, data: { reason: 'InvalidPartOrder' } });
      await op(grant.auth, 'abort', { uploadId });
    }, 60_000);

    it('attack: writing over a stored object — initiate and complete are refused (40900) once the key holds one', async () => {
      const first = randomBytes(10);
      const grant = await grantOf(alice, first.length);
      const a = (await op<{ uploadId: string }>(grant.auth, 'initiate', { contentType: 'video/mp4' })).data
        .uploadId;
      const b = (await op<{ uploadId: string }>(grant.auth, 'initiate', { contentType: 'video/mp4' })).data
        .uploadId;
      const etagA = await putPart(grant.auth, a, 1, first);
      expect(
        (await op(grant.auth, 'complete', { uploadId: a, parts: [{ partNumber: 1, etag: etagA }] })).code,
      ).toBe(200);

      const again = await op(grant.auth, 'initiate', { contentType: 'video/mp4' });
      expect(again).toMatchObject({ status: 409, code: 40900, data: { reason: 'FileAlreadyExists' } });
      const etagB = await putPart(grant.auth, b, 1, randomBytes(10));
      const over = await op(grant.auth, 'complete', { uploadId: b, parts: [{ partNumber: 1, etag: etagB }] });
      expect(over).toMatchObject({ status: 409, code: 40900, data: { reason: 'FileAlreadyExists' } });
      const object = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: grant.key }));
      expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(first);
    }, 60_000);

    it('attack: one grant starting upload after upload — the fourth open one on its key is refused (42900), an aborted one frees its place', async () => {
      const grant = await grantOf(alice, 6 * MiB);
      const started: string[] = [];
      for (let index = 0; index < OPEN_UPLOADS_PER_KEY; index += 1) {
        const opened = await op<{ uploadId: string }>(grant.auth, 'initiate', { contentType: 'video/mp4' });
        expect(opened.code, opened.msg).toBe(200);
        started.push(opened.data.uploadId);
      }
      const fourth = await op(grant.auth, 'initiate', { contentType: 'video/mp4' });
      expect(fourth).toMatchObject({ status: 429, code: 42900, data: { reason: 'TooManyUploads' } });
      expect((await op(grant.auth, 'abort', { uploadId: started[0] })).code).toBe(200);
      const freed = await op(grant.auth, 'initiate', { contentType: 'video/mp4' });
      expect(freed.code, freed.msg).toBe(200);
    }, 60_000);

    it("attack: another designer's upload — alice's token acts on her own key only, so bob's upload id is unknown to it (40400) and his parts stay", async () => {
      const aliceGrant = await grantOf(alice, 6 * MiB);
      const bobGrant = await grantOf(bob, 6 * MiB);
      const bobUpload = (
        await op<{ uploadId: string }>(bobGrant.auth, 'initiate', { contentType: 'video/mp4' })
      ).data.uploadId;
      await putPart(bobGrant.auth, bobUpload, 1, randomBytes(1000));

      expect(await op(aliceGrant.auth, 'list', { uploadId: bobUpload })).toMatchObject({
        status: 404,
        code: 40400,
        data: { reason: 'NoSuchUpload' },
      });
      expect(await op(aliceGrant.auth, 'abort', { uploadId: bobUpload })).toMatchObject({ status: 404 });
      // A part URL for bob's id is signed for alice's key: the store knows no such upload there.
      const signed = await op<{ url: string }>(aliceGrant.auth, 'part', {
        uploadId: bobUpload,
        partNumber: 1,
        size: 10,
      });
      expect(new URL(signed.data.url).pathname).toBe(`/${bucket}/${aliceGrant.key}`);
      expect((await fetch(signed.data.url, { method: 'PUT', body: randomBytes(10) })).status).toBe(404);
      // Naming a key is no part of the calls.
      const named = await op(aliceGrant.auth, 'list', { uploadId: bobUpload, key: bobGrant.key });
      expect(named).toMatchObject({ status: 400, code: 40000 });

      const bobParts = await op<{ parts: { size: number }[] }>(bobGrant.auth, 'list', {
        uploadId: bobUpload,
      });
      expect(bobParts.data.parts.map((part) => part.size)).toEqual([1000]);
    }, 60_000);

    it('attack: forged, altered, expired or missing credentials, or a session token — 40300, the store untouched', async () => {
      const grant = await grantOf(alice, 1000);
      const bobGrant = await grantOf(bob, 1000);
      const [version, payload, mac] = grant.auth.SecurityToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const altered = Buffer.from(JSON.stringify({ ...claims, key: bobGrant.key })).toString('base64url');
      const forged = { AccessKeyId: grant.auth.AccessKeyId, SecurityToken: `${version}.${altered}.${mac}` };
      const otherId = { AccessKeyId: bobGrant.auth.AccessKeyId, SecurityToken: grant.auth.SecurityToken };
      const expiredAuthority = new CredentialAuthority(
        Buffer.from(OSS_SECRET, 'utf8'),
        bucket,
        () => Date.now() - 2 * 3600_000,
      );
      const expired = expiredAuthority.issueUploadCredentials({
        designerId: alice.id,
        objectKey: grant.key,
        maxBytes: 1000,
        ttlSeconds: 60,
      });
      const wrongSecret = new CredentialAuthority(Buffer.from('x'.repeat(40)), bucket).issueUploadCredentials(
        {
          designerId: alice.id,
          objectKey: grant.key,
          maxBytes: 1000,
          ttlSeconds: 60,
        },
      );
      const body = { contentType: 'video/mp4' };
      for (const auth of [forged, otherId, wrongSecret])
        expect(await op(auth, 'initiate', body)).toMatchObject({
          status: 403,
          code: 40300,
          data: { reason: 'InvalidAccessKeyId' },
        });
      expect(await op(expired, 'initiate', body)).toMatchObject({
        status: 403,
        code: 40300,
        data: { reason: 'SecurityTokenExpired' },
      });
      expect(await op({}, 'initiate', body)).toMatchObject({ status: 403, code: 40300 });
      expect(await op({ authtoken: alice.token }, 'initiate', body)).toMatchObject({
        status: 403,
        code: 40300,
      });
      const open = (await objectStoreFor(t.app.config).openUploads()).filter((upload) =>
        [grant.key, bobGrant.key].includes(upload.key),
      );
      expect(open).toEqual([]);
    });

    it('attack: a cross-site post — another site may not send the grant headers (no CORS allowance), and a form post carrying the session opens nothing', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: `${API}/object-uploads/initiate`,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-upload-access-key-id,x-upload-security-token',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const alicesOpen = async () =>
        (await objectStoreFor(t.app.config).openUploads()).filter((upload) =>
          upload.key.startsWith(`designers/${alice.id}/`),
        ).length;
      const before = await alicesOpen();
      const form = await t.app.inject({
        method: 'POST',
        url: `${API}/object-uploads/initiate`,
        headers: {
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
          authtoken: alice.token,
        },
        payload: 'contentType=video%2Fmp4',
      });
      expect(form.statusCode).toBeGreaterThanOrEqual(400);
      expect(form.statusCode).toBeLessThan(500);
      expect(await alicesOpen()).toBe(before);
    });

    it('attack: 20 part URLs asked at once — each answered, each for its own part of the one upload', async () => {
      const grant = await grantOf(alice, 100 * MiB);
      const { uploadId } = (
        await op<{ uploadId: string }>(grant.auth, 'initiate', { contentType: 'video/mp4' })
      ).data;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          op<{ url: string }>(grant.auth, 'part', { uploadId, partNumber: i + 1, size: 5 * MiB }),
        ),
      );
      expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(200));
      const urls = answers.map((answer) => new URL(answer.data.url));
      expect(urls.map((url) => Number(url.searchParams.get('partNumber')))).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(new Set(urls.map((url) => url.searchParams.get('uploadId')))).toEqual(new Set([uploadId]));
      expect(new Set(urls.map((url) => url.pathname))).toEqual(new Set([`/${bucket}/${grant.key}`]));
      await op(grant.auth, 'abort', { uploadId });
    });

    it('garbage upload ids and part numbers answer 4xx envelopes, never a 500', async () => {
      const grant = await grantOf(alice, 1000);
      for (const operation of ['list', 'abort'] as const)
        expect(await op(grant.auth, operation, { uploadId: 'not-an-upload' })).toMatchObject({
          status: 404,
          code: 40400,
        });
      expect(
        await op(grant.auth, 'complete', {
          uploadId: '2~nothing-here',
          parts: [{ partNumber: 1, etag: 'x' }],
        }),
      ).toMatchObject({ status: 404, code: 40400 });
      for (const uploadId of ['', 'x'.repeat(2000), '../../etc', 'a b', '\u0000'])
        expect((await op(grant.auth, 'list', { uploadId })).status).toBe(400);
      for (const partNumber of [0, -1, 1.5, 10_001])
        expect((await op(grant.auth, 'part', { uploadId: 'x', partNumber, size: 1 })).status).toBe(400);
      expect((await op(grant.auth, 'part', { uploadId: 'x', partNumber: 1, size: 0 })).status).toBe(400);
      expect((await op(grant.auth, 'initiate', { contentType: 'not a type' })).status).toBe(400);
    });

    it('several instances must share OSS_SECRET: one with another secret on the bucket stops at start, naming it', async () => {
      const config = loadConfig({
        DATA_DIR: instanceDir,
        PORT: '0',
        OSS_SECRET: 'another-secret-another-secret-another-secret',
        ...gatewayEnv(gateway, bucket),
      });
      const store = objectStoreFor(config);
      try {
        const error = await store.prepare().catch((failure: unknown) => failure);
        expect(error).toBeInstanceOf(ObjectStoreSettingError);
        expect((error as ObjectStoreSettingError).setting).toBe('OSS_SECRET');
      } finally {
        store.close();
      }
    });
    it('the store down: the calls answer 50300, and work again once it is back', async () => {
      const grant = await grantOf(alice, 1000);
      await stopGateway(gateway.dir);
      try {
        expect(await op(grant.auth, 'initiate', { contentType: 'video/mp4' })).toMatchObject({
          status: 503,
          code: 50300,
        });
      } finally {
        await restartGateway(gateway.dir);
      }
      expect((await op(grant.auth, 'initiate', { contentType: 'video/mp4' })).code).toBe(200);
    }, 90_000);
  },
);
