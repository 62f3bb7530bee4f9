import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UploadGrant, VodUploader } from '../../../web/src/upload/index.ts';
import { images, videos } from '../../src/db/schema/index.ts';
import { ossRequest, storedObjectFiles } from '../oss/support/store.ts';
import { mp4Bytes, PNG_1X1 } from '../support/media-bytes.ts';
import { sampleVideo } from '../support/video-files.ts';
import { fileSource, mapStorage } from '../upload/support/uploads.ts';
import {
  call,
  createVideosApp,
  decodeGrant,
  processedVideo,
  type Session,
  someDesigner,
  uploadVideo,
  type VideosApp,
  videoUpload,
} from './support.ts';

let t: VideosApp;
let alice: Session;
let bob: Session;
let workDir: string;
beforeAll(async () => {
  t = await createVideosApp({ VIDEO_MAX_BYTES: String(50 * 1024 * 1024) });
  alice = await someDesigner(t, 'alice');
  bob = await someDesigner(t, 'bob');
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-videos-'));
});
afterAll(async () => {
  await t?.close();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

type GrantData = { videoId?: string; imageId?: string; uploadAddress: string; uploadAuth: string };

describe('issue 5 item 1: create-upload', () => {
  it('kind video answers videoId, uploadAddress {Endpoint, Bucket, FileName} and uploadAuth with an Expiration; the row is uploading', async () => {
    const answer = await call<GrantData>(t, alice, 'POST', '/vod/create-upload', videoUpload());
    expect(answer.code).toBe(200);
    const grant = decodeGrant(answer.data);
    expect(grant.videoId).toMatch(/^\d+$/);
    expect(grant.address).toEqual({
      Endpoint: t.store.endpoint,
      Bucket: 'designer-console',
      FileName: expect.stringMatching(new RegExp(`^designers/${alice.id}/videos/[0-9a-f]{32}\\.mp4$`)),
      PathStyle: true,
    });
    expect(grant.auth).toMatchObject({
      AccessKeyId: expect.stringMatching(/^STS\./),
      AccessKeySecret: expect.any(String),
      SecurityToken: expect.any(String),
      Region: 'cn-shanghai',
    });
    const ttl = Date.parse(grant.auth.Expiration) - Date.now();
    expect(ttl).toBeGreaterThan(890_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
    const [row] = await t.db
      .select()
      .from(videos)
      .where(eq(videos.id, Number(grant.videoId)));
    expect(row).toMatchObject({
      designerId: alice.id,
      status: 'uploading',
      title: '秋冬大衣裁剪要点',
      tags: ['大衣', '裁剪'],
    });
  });

  it('kind image answers imageId and a key under the designer’s images', async () => {
    const answer = await call<GrantData>(t, alice, 'POST', '/vod/create-upload', {
      kind: 'image',
      fileName: 'cover.jpg',
      fileSize: 2048,
      mimeType: 'image/jpeg',
    });
    expect(answer.code).toBe(200);
    const grant = decodeGrant(answer.data);
    expect(grant.imageId).toMatch(/^\d+$/);
    expect(grant.address.FileName).toMatch(new RegExp(`^designers/${alice.id}/images/[0-9a-f]{32}\\.jpg$`));
  });

  it('Bad input: a file named ../../x is stored under its own key, inside the store', async () => {
    const bytes = mp4Bytes(4096);
    const grant = await uploadVideo(t, alice, bytes, { fileName: '../../x.mp4' });
    expect(grant.address.FileName).not.toContain('..');
    expect(grant.address.FileName.startsWith(`designers/${alice.id}/videos/`)).toBe(true);
    for (const file of await storedObjectFiles(t.store)) expect(file).not.toContain('..');
    const [row] = await t.db
      .select()
      .from(videos)
      .where(eq(videos.id, Number(grant.videoId)));
    expect(row!.fileName).toBe('../../x.mp4');
  });

  it.each([
    // Worded in Chinese: a request without Accept-Language is answered in the console's default.
    [{ fileSize: 50 * 1024 * 1024 + 1 }, 'fileSize', /不能超过 50 MB/],
    [{ fileName: 'contract.pdf', mimeType: 'application/pdf' }, 'mimeType', /不是视频文件/],
    [{ fileName: 'notes.txt', mimeType: undefined }, 'fileName', /不是视频文件/],
    [{ fileName: 'clip.mp4', mimeType: 'image/png' }, 'mimeType', /不是视频文件/],
    [{ fileSize: 0 }, 'fileSize', /文件为空/],
    [{ title: '' }, 'title', /./],
    [{ cateId: 99 }, 'cateId', /./],
  ])('Bad input: oversize or non-video %j → 40000 on %s, no row', async (change, field, message) => {
    const before = await t.db.select().from(videos).where(eq(videos.designerId, bob.id));
    const answer = await call<{ errors: { path: string; message: string }[] }>(
      t,
      bob,
      'POST',
      '/vod/create-upload',
      videoUpload(change),
    );
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(40000);
    const error = answer.data.errors.find((e) => e.path === field);
    expect(error?.message).toMatch(message);
    expect(await t.db.select().from(videos).where(eq(videos.designerId, bob.id))).toHaveLength(before.length);
  });

  it('Bad input: an image that is not one → 40000; a session is required', async () => {
    const answer = await call<{ errors: { path: string }[] }>(t, alice, 'POST', '/vod/create-upload', {
      kind: 'image',
      fileName: 'movie.mp4',
      fileSize: 10,
    });
    expect(answer.code).toBe(40000);
    expect(answer.data.errors[0]!.path).toBe('fileName');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/designerapi/v1/vod/create-upload',
      payload: videoUpload(),
    });
    expect(anonymous.json().code).toBe(20007);
  });
});

describe('issue 5 item 1: refresh-upload', () => {
  it('issues new credentials for the same object while it uploads; not for another designer or a finished video', async () => {
    const created = decodeGrant(
      (await call<GrantData>(t, alice, 'POST', '/vod/create-upload', videoUpload())).data,
    );
    const refreshed = await call<GrantData>(t, alice, 'POST', '/vod/refresh-upload', {
      videoId: created.videoId,
    });
    expect(refreshed.code).toBe(200);
    const grant = decodeGrant(refreshed.data);
    expect(grant.videoId).toBe(created.videoId);
    expect(grant.address.FileName).toBe(created.address.FileName);
    expect(grant.auth.AccessKeyId).not.toBe(created.auth.AccessKeyId);

    const foreign = await call(t, bob, 'POST', '/vod/refresh-upload', { videoId: created.videoId });
    expect(foreign.code).toBe(40400);

    const uploaded = await uploadVideo(t, alice, mp4Bytes(2000));
    expect((await call(t, alice, 'POST', `/videos/${uploaded.videoId}/upload-finished`, {})).code).toBe(200);
    const late = await call(t, alice, 'POST', '/vod/refresh-upload', { videoId: uploaded.videoId });
    expect(late.code).toBe(40900);
  });

  it('refreshes an image’s credentials too; bad bodies are 40000', async () => {
    const created = decodeGrant(
      (
        await call<GrantData>(t, alice, 'POST', '/vod/create-upload', {
          kind: 'image',
          fileName: 'c.png',
          fileSize: 99,
        })
      ).data,
    );
    const refreshed = await call<GrantData>(t, alice, 'POST', '/vod/refresh-upload', {
      imageId: created.imageId,
    });
    expect(decodeGrant(refreshed.data).address.FileName).toBe(created.address.FileName);
    expect((await call(t, alice, 'POST', '/vod/refresh-upload', { videoId: 'abc' })).code).toBe(40000);
    expect((await call(t, alice, 'POST', '/vod/refresh-upload', {})).code).toBe(40000);
  });
});

describe('Bad input: credentials on the object store', () => {
  const grantOf = async (who: Session) =>
    decodeGrant((await call<GrantData>(t, who, 'POST', '/vod/create-upload', videoUpload())).data);

  it('expired credentials → SecurityTokenExpired, nothing stored', async () => {
    const grant = await grantOf(alice);
    const expired = await t.store.expiredCredentialsFor(alice.id);
    const answer = await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: grant.address.FileName,
      body: randomBytes(1024),
      credentials: expired,
    });
    expect(answer.code).toBe('SecurityTokenExpired');
    expect(answer.status).toBe(403);
    const finished = await call(t, alice, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    expect(finished.code).toBe(40900);
  });

  it('a forged signature → SignatureDoesNotMatch; a forged token → InvalidAccessKeyId; nothing stored', async () => {
    const grant = await grantOf(alice);
    const forged = await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: grant.address.FileName,
      body: randomBytes(1024),
      credentials: grant.auth,
      signature: Buffer.from('not the signature').toString('base64'),
    });
    expect(forged.code).toBe('SignatureDoesNotMatch');
    // The first character, not the last: a base64 string's last character may carry padding bits only.
    const token = grant.auth.SecurityToken.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const badToken = await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: grant.address.FileName,
      body: randomBytes(1024),
      credentials: { ...grant.auth, SecurityToken: token },
    });
    expect(badToken.code).toBe('InvalidAccessKeyId');
    expect((await call(t, alice, 'POST', `/videos/${grant.videoId}/upload-finished`, {})).code).toBe(40900);
  });

  it('another designer’s credentials → AccessDenied, nothing stored', async () => {
    const target = await grantOf(alice);
    const bobs = await grantOf(bob);
    const answer = await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: target.address.FileName,
      body: randomBytes(1024),
      credentials: bobs.auth,
    });
    expect(answer.code).toBe('AccessDenied');
    expect((await call(t, alice, 'POST', `/videos/${target.videoId}/upload-finished`, {})).code).toBe(40900);
  });

  it('a part for an unknown upload → NoSuchUpload', async () => {
    const grant = await grantOf(alice);
    const answer = await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: grant.address.FileName,
      subres: { partNumber: 1, uploadId: '0123456789ABCDEF0123456789ABCDEF' },
      body: randomBytes(1024),
      credentials: grant.auth,
    });
    expect(answer.code).toBe('NoSuchUpload');
  });
});

describe('issue 5 item 3: upload finished', () => {
  it('checks the stored object: of another size → 40000 on fileSize (issue 16); present → processing with the reported duration, then published with the probed one (issue 20)', async () => {
    const { bytes, fileName } = sampleVideo('h264-mp4');
    const grant = await uploadVideo(t, alice, bytes, { fileName, fileSize: bytes.length + 1 });
    const mismatch = await call(t, alice, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    expect(mismatch.code).toBe(40000);

    const good = await uploadVideo(t, alice, bytes, { fileName });
    expect((await call(t, bob, 'POST', `/videos/${good.videoId}/upload-finished`, {})).code).toBe(40400);
    const finished = await call<{ status: string; durationSeconds: number; playUrl: string | null }>(
      t,
      alice,
      'POST',
      `/videos/${good.videoId}/upload-finished`,
      { durationSeconds: 42 },
    );
    expect(finished.code).toBe(200);
    expect(finished.msg).toBe('视频已上传，正在转码');
    expect(finished.data).toMatchObject({ status: 'processing', durationSeconds: 42, playUrl: null });
    const processed = await processedVideo(t, alice, good.videoId!);
    expect(processed).toMatchObject({ status: 'published', durationSeconds: 2 });
    // Reported again (a retried request): the same answer, nothing changes.
    const again = await call(t, alice, 'POST', `/videos/${good.videoId}/upload-finished`, {
      durationSeconds: 7,
    });
    expect(again.data).toMatchObject({ status: 'published', durationSeconds: 2 });
    expect(
      (await call(t, alice, 'POST', `/videos/${good.videoId}/upload-finished`, { durationSeconds: -1 })).code,
    ).toBe(40000);
  });

  it('without a reported duration the duration is unknown (null) until processing reads it', async () => {
    const grant = await uploadVideo(t, alice, mp4Bytes(1000));
    const finished = await call<{ durationSeconds: number | null }>(
      t,
      alice,
      'POST',
      `/videos/${grant.videoId}/upload-finished`,
      {},
    );
    expect(finished.data.durationSeconds).toBeNull();
  });

  it('an image: upload-finished answers a link that shows it', async () => {
    const created = decodeGrant(
      (
        await call<GrantData>(t, alice, 'POST', '/vod/create-upload', {
          kind: 'image',
          fileName: 'c.png',
          fileSize: PNG_1X1.length,
        })
      ).data,
    );
    expect((await call(t, alice, 'POST', `/images/${created.imageId}/upload-finished`)).code).toBe(40900);
    await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: created.address.FileName,
      body: PNG_1X1,
      headers: { 'Content-Type': 'image/png' },
      credentials: created.auth,
    });
    const answer = await call<{ url: string }>(
      t,
      alice,
      'POST',
      `/images/${created.imageId}/upload-finished`,
    );
    expect(answer.code).toBe(200);
    expect((await fetch(answer.data.url)).status).toBe(200);
    const [row] = await t.db
      .select()
      .from(images)
      .where(and(eq(images.id, Number(created.imageId)), eq(images.designerId, alice.id)));
    expect(row!.fileSize).toBe(PNG_1X1.length);
  });

  it('the web uploader (VodUploader) with create-upload as its auth source publishes a multipart video', async () => {
    const file = path.join(workDir, 'lookbook.webm');
    await fs.writeFile(file, mp4Bytes(3 * 1024 * 1024 + 123));
    const source = await fileSource(file);
    const done = new Promise<string>((resolve, reject) => {
      const uploader = new VodUploader({
        pageEvents: undefined,
        storage: mapStorage(),
        fetch: (url, init) => fetch(url, init),
        getUploadAuth: async (item, purpose): Promise<UploadGrant> => {
          const answer =
            purpose === 'create'
              ? await call<GrantData>(t, alice, 'POST', '/vod/create-upload', {
                  ...videoUpload(),
                  fileName: item.file.name,
                  fileSize: item.file.size,
                  mimeType: 'video/webm',
                })
              : await call<GrantData>(t, alice, 'POST', '/vod/refresh-upload', { videoId: item.videoId });
          return answer.data;
        },
        onUploadSucceed: (item) => resolve(item.videoId!),
        onUploadFailed: (_item, code, message) => reject(new Error(`${code}: ${message}`)),
      });
      uploader.addFile(source);
      uploader.startUpload();
    });
    const videoId = await done;
    const finished = await call<{ status: string; fileSize: number }>(
      t,
      alice,
      'POST',
      `/videos/${videoId}/upload-finished`,
      { durationSeconds: 5 },
    );
    // Stored whole and accepted; what processing then makes of its (random) bytes is processing.test.ts's.
    expect(finished.code).toBe(200);
    expect(finished.data.fileSize).toBe(3 * 1024 * 1024 + 123);
    expect(finished.data.status).not.toBe('uploading');
  });
});
