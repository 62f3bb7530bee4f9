import { randomBytes } from 'node:crypto';
import { IMAGE_RENDITION_WIDTHS, type ImageRenditionWidth } from '@dc/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectReferences } from '../../src/admin/storage-references.ts';
import { verifyLines, verifyObjects } from '../../src/admin/storage-verify.ts';
import { images } from '../../src/db/schema/index.ts';
import { renditionKey } from '../../src/media/renditions.ts';
import { demoPictureKey, imageFileUrl } from '../../src/modules/image-files/index.ts';
import { runStorageCleanup, UNREGISTERED_GRACE_MS } from '../../src/modules/storage-quota/cleanup.ts';
import { designerPrefix } from '../../src/oss/index.ts';
import { objectStoreFor } from '../../src/storage/index.ts';
import { RENDITION_BUDGET_BYTES } from '../../src/uploads/pictures.ts';
import { fieldErrors, HTML_PAGE, realPng, writeDirectly } from '../security/content/support.ts';
import { testClock } from '../support/accounts-app.ts';
import { call, createVideosApp, type Session, someDesigner, type VideosApp } from '../videos/support.ts';
import { finishPicture, phoneJpeg, renditionKeys, storedBytes, storedKeys } from './picture-support.ts';

/**
 * Issue 20 point 3: each picture has WebP renditions 160, 480 and 1280 px on its longer side,
 * made at upload-finished and stored beside it, asked for as `?w=` on its lasting address; one
 * that is missing is made on the first request and kept; they go with their picture.
 */
const clock = testClock();
let t: VideosApp;
let ana: Session;
let bo: Session;
beforeAll(async () => {
  t = await createVideosApp({}, { now: () => clock.now() });
  ana = await someDesigner(t, 'rend');
  bo = await someDesigner(t, 'rend');
});
afterAll(() => t?.close());

const show = (url: string, lang = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

async function uploadPhoto(who: Session, width: number, height: number) {
  const finished = await finishPicture(t, who, {
    bytes: await phoneJpeg(width, height),
    contentType: 'image/jpeg',
  });
  expect(finished.answer.code, finished.answer.msg).toBe(200);
  return finished;
}

async function renditionSizes(key: string) {
  const sizes: Record<number, { width: number; height: number; bytes: number; format: string }> = {};
  for (const width of IMAGE_RENDITION_WIDTHS) {
    const bytes = (await storedBytes(t, renditionKey(key, width)))!;
    const meta = await sharp(bytes).metadata();
    sizes[width] = { width: meta.width, height: meta.height, bytes: bytes.length, format: meta.format };
  }
  return sizes;
}

describe('pictures: renditions', () => {
  it('upload-finished makes WebP renditions of 160, 480 and 1280 px on the longer side, each within its budget (thumbnails ≤ 60 KB)', async () => {
    const { key } = await uploadPhoto(ana, 2400, 1800);
    const sizes = await renditionSizes(key);
    expect(
      Object.fromEntries(Object.entries(sizes).map(([w, s]) => [w, [s.format, s.width, s.height]])),
    ).toEqual({
      160: ['webp', 160, 120],
      480: ['webp', 480, 360],
      1280: ['webp', 1280, 960],
    });
    for (const width of IMAGE_RENDITION_WIDTHS) {
      expect(sizes[width]!.bytes).toBeLessThanOrEqual(RENDITION_BUDGET_BYTES[width]);
      expect(RENDITION_BUDGET_BYTES[width]).toBeLessThanOrEqual(width === 1280 ? 200 * 1024 : 60 * 1024);
    }
  });

  it('a small picture is never enlarged; a portrait one is sized on its height', async () => {
    const small = await uploadPhoto(ana, 300, 200);
    expect(Object.values(await renditionSizes(small.key)).map((s) => [s.width, s.height])).toEqual([
      [160, 107],
      [300, 200],
      [300, 200],
    ]);
    const portrait = await uploadPhoto(ana, 600, 900);
    expect(Object.values(await renditionSizes(portrait.key)).map((s) => [s.width, s.height])).toEqual([
      [107, 160],
      [320, 480],
      [600, 900],
    ]);
  });

  it('a picture of noise, the hardest to compress, still gives thumbnails within 60 KB', async () => {
    const noise = await sharp({
      create: {
        width: 1600,
        height: 1600,
        channels: 4,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 120 },
      },
    })
      .png()
      .toBuffer();
    const finished = await finishPicture(t, ana, { bytes: noise, contentType: 'image/png' }, 'noise.png');
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    const sizes = await renditionSizes(finished.key);
    for (const width of IMAGE_RENDITION_WIDTHS)
      expect(sizes[width]!.bytes).toBeLessThanOrEqual(RENDITION_BUDGET_BYTES[width]);
  });

  it('?w=160 on the lasting address redirects to the rendition, which the store serves as a WebP of 160 px', async () => {
    const { key } = await uploadPhoto(ana, 800, 600);
    const shown = await show(`${imageFileUrl(key)}?w=160`);
    expect(shown.statusCode).toBe(302);
    const link = String(shown.headers.location);
    expect(decodeURIComponent(new URL(link).pathname)).toContain(renditionKey(key, 160));
    const fetched = await fetch(link);
    expect([fetched.status, fetched.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const meta = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([160, 120]);
    // Without a width: the original, as before.
    const original = await show(imageFileUrl(key));
    expect(decodeURIComponent(new URL(String(original.headers.location)).pathname)).toMatch(/\.jpg$/);
  });

  it('any other width is 40000 naming w, in the request’s language', async () => {
    const { key } = await uploadPhoto(ana, 200, 100);
    for (const w of ['200', 'abc', '', '160.5', '-160', '1280x']) {
      const answer = await show(`${imageFileUrl(key)}?w=${w}`);
      expect(answer.statusCode, w).toBe(400);
      const body = answer.json() as { code: number; data: unknown };
      expect(body.code).toBe(40000);
      expect(fieldErrors(body)[0]!.path).toBe('w');
    }
    const zh = fieldErrors((await show(`${imageFileUrl(key)}?w=200`)).json())[0]!.message;
    const en = fieldErrors((await show(`${imageFileUrl(key)}?w=200`, 'en-US')).json())[0]!.message;
    expect([zh, en]).toEqual(['w：须为 160、480 或 1280', 'w: one of 160, 480, 1280']);
  });

  it('a missing rendition (a picture stored before renditions) is made on the first request, then kept', async () => {
    const { key } = await uploadPhoto(ana, 1000, 500);
    const store = objectStoreFor(t.app.config);
    for (const rendition of renditionKeys(key)) await store.delete(rendition);
    expect(await storedKeys(t, key)).toEqual([key]);

    // Five <img> of one picture at once: one making, every answer a redirect to the rendition.
    const answers = await Promise.all(Array.from({ length: 5 }, () => show(`${imageFileUrl(key)}?w=480`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([302, 302, 302, 302, 302]);
    expect(await storedKeys(t, key)).toEqual([key, ...renditionKeys(key)].sort());
    const made = (await store.head(renditionKey(key, 480)))!.lastModified.getTime();
    const meta = await sharp((await storedBytes(t, renditionKey(key, 480)))!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 240]);

    expect((await show(`${imageFileUrl(key)}?w=160`)).statusCode).toBe(302);
    expect((await store.head(renditionKey(key, 480)))!.lastModified.getTime()).toBe(made);
  });

  it('a demo picture gets its renditions on first request too, from the picture drawn into the store', async () => {
    // A demo picture as the seed registers it (without the demo wiring: the designer's own PNG).
    const key = demoPictureKey(ana.id, 'avatar-1');
    const png = await realPng();
    await objectStoreFor(t.app.config).put(key, png, 'image/png');
    await t.db.insert(images).values({
      designerId: ana.id,
      objectKey: key,
      fileName: 'avatar-1.png',
      fileSize: png.length,
      mimeType: 'image/png',
      createdAt: clock.now(),
    });
    expect((await show(`${imageFileUrl(key)}?w=160`)).statusCode).toBe(302);
    expect(await storedKeys(t, key)).toEqual([key, ...renditionKeys(key)].sort());
  });
});

describe('pictures: renditions go with their picture', () => {
  it('a picture refused when finished again (its object replaced) is deleted with every rendition', async () => {
    const { key, imageId } = await uploadPhoto(ana, 400, 300);
    expect(await storedKeys(t, key)).toHaveLength(4);
    // What a store without the grant's size cap would hold after a second upload to the key.
    await writeDirectly(t, key, { bytes: HTML_PAGE, contentType: 'text/html' });
    const again = await call(t, ana, 'POST', `/images/${imageId}/upload-finished`);
    expect(again.code).toBe(40000);
    expect(await storedKeys(t, key)).toEqual([]);
    expect((await show(`${imageFileUrl(key)}?w=160`)).statusCode).toBe(404);
  });

  it('the storage clean-up keeps the renditions of a registered picture and removes those of a deleted one', async () => {
    const kept = await uploadPhoto(ana, 300, 300);
    const gone = await uploadPhoto(ana, 300, 300);
    await t.db.delete(images).where(eq(images.id, Number(gone.imageId)));
    clock.advance(UNREGISTERED_GRACE_MS + 60_000);
    await runStorageCleanup(t.db, t.app.config);
    expect(await storedKeys(t, kept.key)).toEqual([kept.key, ...renditionKeys(kept.key)].sort());
    expect(await storedKeys(t, gone.key)).toEqual([]);
  });
});

describe('pictures: storage verify knows renditions', () => {
  it('counts them as their picture’s, and those of a picture no row references as stray, never as missing', async () => {
    const stray = await uploadPhoto(bo, 200, 150);
    await t.db.delete(images).where(eq(images.id, Number(stray.imageId)));
    const report = await verifyObjects(
      objectStoreFor(t.app.config),
      await objectReferences(t.db, clock.now()),
    );
    expect(report.renditions).toBeGreaterThanOrEqual(6);
    expect(report.strayRenditions).toBe(3);
    expect(report.missing).toEqual([]);
    expect(report.sizeDiffers).toEqual([]);
    expect(verifyLines(report, 'the store').join('\n')).toMatch(/picture renditions: \d+ \(3 of a picture/);
  });
});

describe('pictures: what a forged address can make the server do', () => {
  const noRenditionsUnder = async (key: string) =>
    expect((await storedKeys(t, key)).filter((stored) => stored !== key)).toEqual([]);

  it('a key nobody stored: 404, and nothing is written', async () => {
    const key = `${designerPrefix(ana.id)}images/${randomBytes(16).toString('hex')}.png`;
    expect((await show(`${imageFileUrl(key)}?w=160`)).statusCode).toBe(404);
    await noRenditionsUnder(key);
  });

  it('an object under a designer’s prefix that no image row registers gets no renditions', async () => {
    // What a grant could write before grants were scoped, or a deleted image's object before the clean-up.
    const key = `${designerPrefix(ana.id)}images/${randomBytes(16).toString('hex')}.png`;
    await objectStoreFor(t.app.config).put(key, await realPng(), 'image/png');
    expect((await show(`${imageFileUrl(key)}?w=160`)).statusCode).toBe(404);
    await noRenditionsUnder(key);
  });

  it('a demo picture another designer does not have is neither drawn nor rendered', async () => {
    const key = demoPictureKey(bo.id, 'avatar-2');
    expect((await show(`${imageFileUrl(key)}?w=160`)).statusCode).toBe(404);
    expect(await storedKeys(t, key)).toEqual([]);
  });

  it('a rendition’s own key is no image address: 40000, no rendition of a rendition', async () => {
    const { key } = await uploadPhoto(bo, 200, 200);
    for (const url of [
      imageFileUrl(renditionKey(key, 160)),
      `${imageFileUrl(renditionKey(key, 160))}?w=160`,
    ]) {
      const answer = await show(url);
      expect(answer.statusCode).toBe(400);
      expect(fieldErrors(answer.json())[0]!.path).toBe('*');
    }
    expect(await storedKeys(t, key)).toHaveLength(4);
  });

  it('an upload never finished that is no picture (HTML under a .png key) is not rendered; the original stays as it was', async () => {
    const created = await call<{ imageId: string; uploadAddress: string }>(
      t,
      bo,
      'POST',
      '/vod/create-upload',
      {
        kind: 'image',
        fileName: 'x.png',
        fileSize: HTML_PAGE.length,
        mimeType: 'image/png',
      },
    );
    const key = (
      JSON.parse(Buffer.from(created.data.uploadAddress, 'base64').toString()) as { FileName: string }
    ).FileName;
    await writeDirectly(t, key, { bytes: HTML_PAGE, contentType: 'image/png' });
    for (const width of [160, 480] as ImageRenditionWidth[])
      expect((await show(`${imageFileUrl(key)}?w=${width}`)).statusCode).toBe(404);
    await noRenditionsUnder(key);
    expect((await storedBytes(t, key))!.equals(HTML_PAGE)).toBe(true);
  });
});
