import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, videos } from '../../../src/db/schema/index.ts';
import { IMAGE_MAX_PIXELS } from '../../../src/uploads/inspect.ts';
import { glbOf, modelUpload, trianglesJson } from '../../looks/support.ts';
import { mp4Bytes, PNG_1X1 } from '../../support/media-bytes.ts';
import { authHeader } from '../../support/test-app.ts';
import { sampleVideo } from '../../support/video-files.ts';
import {
  call,
  createVideosApp,
  decodeGrant,
  processedVideo,
  type Session,
  someDesigner,
  type VideosApp,
} from '../../videos/support.ts';
import {
  fieldErrors,
  HTML_PAGE,
  imageGrant,
  type Payload,
  putWithGrant,
  realPng,
  SVG_FOREIGN_OBJECT,
  stored,
  videoGrant,
  writeDirectly,
  XML_DOCUMENT,
} from './support.ts';

/**
 * Issue 16 point 1 and 3: upload-finished checks the stored object against the declared kind and
 * size; a refusal is 40000 naming the field, and the object is gone.
 */
let t: VideosApp;
let mallory: Session;
beforeAll(async () => {
  t = await createVideosApp();
  mallory = await someDesigner(t, 'mallory');
});
afterAll(() => t?.close());

/** Uploads `payload` as an image (declared at its own size), then asks upload-finished. */
async function finishImage(payload: Payload, fileName = 'cover.png', declared = payload.bytes.length) {
  const grant = await imageGrant(t, mallory, declared, fileName);
  const put = await putWithGrant(t, grant, payload);
  expect(put.status, put.code).toBe(200);
  const finished = await call(t, mallory, 'POST', `/images/${grant.imageId}/upload-finished`);
  return { grant, finished, key: grant.address.FileName };
}

async function finishVideo(payload: Payload, fileName = 'clip.mp4') {
  const grant = await videoGrant(t, mallory, payload.bytes.length, fileName);
  const put = await putWithGrant(t, grant, payload);
  expect(put.status, put.code).toBe(200);
  const finished = await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
  return { grant, finished, key: grant.address.FileName };
}

async function expectRefusedOnFile(
  result: { finished: { status: number; code: number; data: unknown }; key: string },
  message?: RegExp,
) {
  expect(result.finished.status).toBe(400);
  expect(result.finished.code).toBe(40000);
  expect(fieldErrors(result.finished)[0]).toMatchObject({
    path: 'file',
    message: message ?? expect.any(String),
  });
  expect(await stored(t, result.key)).toBe(false);
}

describe('content: pictures are pictures', () => {
  it('an HTML page PUT to a .png key with Content-Type text/html is refused at upload-finished (40000 on file) and deleted', async () => {
    const result = await finishImage({ bytes: HTML_PAGE, contentType: 'text/html' });
    await expectRefusedOnFile(result, /图片/);
    // The image cannot be used anywhere: its lasting address finds nothing.
    const shown = await t.app.inject({ method: 'GET', url: `/designerapi/v1/image-files/${result.key}` });
    expect(shown.statusCode).toBe(404);
  });

  it('the refusal speaks the request language (en-US)', async () => {
    const grant = await imageGrant(t, mallory, HTML_PAGE.length);
    await putWithGrant(t, grant, { bytes: HTML_PAGE, contentType: 'text/html' });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/designerapi/v1/images/${grant.imageId}/upload-finished`,
      headers: { ...authHeader(mallory.token), 'accept-language': 'en-US' },
    });
    const body = answer.json() as { code: number; data: unknown };
    expect(body.code).toBe(40000);
    expect(fieldErrors(body)[0]).toMatchObject({
      path: 'file',
      message: /not an image \(JPEG, PNG, WebP or GIF\)/,
    });
    expect(await stored(t, grant.address.FileName)).toBe(false);
  });

  it('an HTML/PNG polyglot whose PNG signature is followed by HTML does not decode: refused and deleted', async () => {
    const polyglot = Buffer.concat([PNG_1X1.subarray(0, 8), HTML_PAGE]);
    await expectRefusedOnFile(await finishImage({ bytes: polyglot, contentType: 'image/png' }));
  });

  it('a whole PNG with an HTML page appended decodes, so it is kept — and the store only ever answers it as image/png (see store-headers)', async () => {
    const polyglot = Buffer.concat([await realPng(), HTML_PAGE]);
    const result = await finishImage({ bytes: polyglot, contentType: 'text/html' });
    expect(result.finished.code).toBe(200);
    expect(await stored(t, result.key)).toBe(true);
  });

  it('an SVG with <foreignObject> declared as image/png under a .png name is refused and deleted', async () => {
    await expectRefusedOnFile(await finishImage({ bytes: SVG_FOREIGN_OBJECT, contentType: 'image/png' }));
  });

  it('an SVG asks for no grant at all: .svg is no picture name', async () => {
    const answer = await call(t, mallory, 'POST', '/vod/create-upload', {
      kind: 'image',
      fileName: 'logo.svg',
      fileSize: SVG_FOREIGN_OBJECT.length,
      mimeType: 'image/svg+xml',
    });
    expect(answer.code).toBe(40000);
  });

  it('an XML document (with an XSL stylesheet and a script) as an image is refused and deleted', async () => {
    await expectRefusedOnFile(await finishImage({ bytes: XML_DOCUMENT, contentType: 'application/xml' }));
  });

  it('a truncated PNG (cut in its pixel data) is refused and deleted', async () => {
    const whole = await realPng();
    const cut = whole.subarray(0, whole.length - 20);
    await expectRefusedOnFile(await finishImage({ bytes: cut, contentType: 'image/png' }));
  });

  it('a zero-byte picture is refused on fileSize (the declared size was more) and nothing stays', async () => {
    const result = await finishImage({ bytes: Buffer.alloc(0), contentType: 'image/png' }, 'a.png', 100);
    expect(result.finished.code).toBe(40000);
    expect(fieldErrors(result.finished)[0]!.path).toBe('fileSize');
    expect(await stored(t, result.key)).toBe(false);
  });

  it('a format sharp reads but the console does not show (TIFF) is refused', async () => {
    const sharp = (await import('sharp')).default;
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expectRefusedOnFile(await finishImage({ bytes: tiff, contentType: 'image/png' }, 'a.png'));
  });

  it(`a decompression bomb (a PNG over ${IMAGE_MAX_PIXELS / 1e6} megapixels) is refused without being decoded`, async () => {
    const sharp = (await import('sharp')).default;
    const bomb = await sharp({ create: { width: 10_000, height: 7_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    await expectRefusedOnFile(await finishImage({ bytes: bomb, contentType: 'image/png' }), /百万像素/);
  });

  it('a real picture passes: its row keeps the declared size', async () => {
    const png = await realPng();
    const result = await finishImage({ bytes: png, contentType: 'image/png' });
    expect(result.finished.code).toBe(200);
    const [row] = await t.db
      .select()
      .from(images)
      .where(eq(images.id, Number(result.grant.imageId)));
    expect(row!.fileSize).toBe(png.length);
  });
});

describe('content: videos are videos', () => {
  it('an HTML "video" is refused at upload-finished (40000 on file), deleted, and the video stays uploading with no play link', async () => {
    const result = await finishVideo({ bytes: HTML_PAGE, contentType: 'video/mp4' });
    await expectRefusedOnFile(result, /视频/);
    const [row] = await t.db
      .select()
      .from(videos)
      .where(eq(videos.id, Number(result.grant.videoId)));
    expect(row!.status).toBe('uploading');
    const detail = await call<{ playUrl: string | null }>(
      t,
      mallory,
      'GET',
      `/videos/${result.grant.videoId}`,
    );
    expect(detail.data.playUrl).toBeNull();
  });

  it('a picture, an SVG and random bytes are no video either', async () => {
    for (const bytes of [await realPng(), SVG_FOREIGN_OBJECT, randomBytes(4096)]) {
      await expectRefusedOnFile(await finishVideo({ bytes, contentType: 'video/mp4' }));
    }
  });

  it('a zero-byte video is refused on fileSize and nothing stays', async () => {
    const grant = await videoGrant(t, mallory, 1000);
    await putWithGrant(t, grant, { bytes: Buffer.alloc(0), contentType: 'video/mp4' });
    const finished = await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    expect([finished.code, fieldErrors(finished)[0]!.path]).toEqual([40000, 'fileSize']);
    expect(await stored(t, grant.address.FileName)).toBe(false);
  });

  it('a refused video can be uploaded again under the same id and is then published', async () => {
    const { bytes } = sampleVideo('h264-mp4');
    const grant = await videoGrant(t, mallory, bytes.length);
    await putWithGrant(t, grant, { bytes: HTML_PAGE, contentType: 'text/html' });
    expect((await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {})).code).toBe(40000);
    const again = await call<{ uploadAuth: string; uploadAddress: string; videoId: string }>(
      t,
      mallory,
      'POST',
      '/vod/refresh-upload',
      { videoId: grant.videoId },
    );
    expect(again.code).toBe(200);
    expect((await putWithGrant(t, decodeGrant(again.data), { bytes, contentType: 'video/mp4' })).status).toBe(
      200,
    );
    const finished = await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    expect(finished.code).toBe(200);
    expect((await processedVideo(t, mallory, grant.videoId!)).status).toBe('published');
  });
});

describe('content: the stored size is the declared size (issue 16 point 3)', () => {
  it('a 200 MiB-style oversize: an "image" bigger than declared is refused on fileSize, not reported as the declared size, and deleted', async () => {
    const grant = await imageGrant(t, mallory, 100);
    const bigger = Buffer.concat([await realPng(), randomBytes(64 * 1024)]);
    // The grant refuses the bytes past the declared size; a store that did not would hold them.
    const put = await putWithGrant(t, grant, { bytes: bigger, contentType: 'image/png' });
    expect(put.status).not.toBe(200);
    await writeDirectly(t, grant.address.FileName, { bytes: bigger, contentType: 'image/png' });
    const finished = await call(t, mallory, 'POST', `/images/${grant.imageId}/upload-finished`);
    expect(finished.code).toBe(40000);
    expect(fieldErrors(finished)[0]).toMatchObject({
      path: 'fileSize',
      message: new RegExp(`${bigger.length}`),
    });
    expect(await stored(t, grant.address.FileName)).toBe(false);
  });

  it('an image smaller than declared is refused on fileSize and deleted', async () => {
    const png = await realPng();
    const result = await finishImage({ bytes: png, contentType: 'image/png' }, 'a.png', png.length + 1);
    expect([result.finished.code, fieldErrors(result.finished)[0]!.path]).toEqual([40000, 'fileSize']);
    expect(await stored(t, result.key)).toBe(false);
  });

  it('a video bigger or smaller than declared is refused on fileSize, deleted, and stays uploading', async () => {
    for (const actual of [4096, 1024]) {
      const grant = await videoGrant(t, mallory, 2048);
      await writeDirectly(t, grant.address.FileName, { bytes: mp4Bytes(actual), contentType: 'video/mp4' });
      const finished = await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
      expect([finished.code, fieldErrors(finished)[0]!.path]).toEqual([40000, 'fileSize']);
      expect(await stored(t, grant.address.FileName)).toBe(false);
      const [row] = await t.db
        .select({ status: videos.status })
        .from(videos)
        .where(eq(videos.id, Number(grant.videoId)));
      expect(row!.status).toBe('uploading');
    }
  });

  it('a 3D model of another size than declared is refused on fileSize, its object and row deleted', async () => {
    const glb = glbOf(trianglesJson(30));
    const created = await call<{ modelId: string; uploadAddress: string; uploadAuth: string }>(
      t,
      mallory,
      'POST',
      '/look-models/create-upload',
      modelUpload({ fileSize: glb.length + 8 }),
    );
    expect(created.code, created.msg).toBe(200);
    const grant = decodeGrant(created.data);
    await writeDirectly(t, grant.address.FileName, { bytes: glb, contentType: 'model/gltf-binary' });
    const finished = await call(t, mallory, 'POST', `/look-models/${created.data.modelId}/upload-finished`);
    expect([finished.code, fieldErrors(finished)[0]!.path]).toEqual([40000, 'fileSize']);
    expect(await stored(t, grant.address.FileName)).toBe(false);
    const list = await call<{ dataList: { id: number }[] }>(t, mallory, 'GET', '/look-models');
    expect(list.data.dataList.some((m) => m.id === Number(created.data.modelId))).toBe(false);
  });
});
