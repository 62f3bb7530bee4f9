import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../src/db/schema/index.ts';
import { realPng } from '../security/content/support.ts';
import { PNG_1X1 } from '../support/media-bytes.ts';
import { call, createVideosApp, type Session, someDesigner, type VideosApp } from '../videos/support.ts';
import {
  finishPicture,
  GPS_EXIF,
  phoneJpeg,
  photoPixels,
  renditionKeys,
  storedBytes,
  storedKeys,
  temporaryFiles,
} from './picture-support.ts';

/**
 * Issue 20 point 3: every picture loses what it carries besides its pixels at upload-finished
 * (EXIF and its GPS position, XMP, ICC, comments), its orientation applied first; the cleaned
 * picture replaces the stored one in its own format, and the row's size follows it.
 */
let t: VideosApp;
let ana: Session;
beforeAll(async () => {
  t = await createVideosApp();
  ana = await someDesigner(t, 'clean');
});
afterAll(() => t?.close());

const metadataOf = async (bytes: Buffer) => sharp(bytes, { animated: true }).metadata();

/** Nothing of the EXIF block, its GPS tags or an XMP packet is left in the bytes themselves. */
function expectNoMetadataBytes(bytes: Buffer) {
  expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
  expect(bytes.includes(Buffer.from('eXIf'))).toBe(false);
  expect(bytes.includes(Buffer.from('Camera 12'))).toBe(false);
  expect(bytes.includes(Buffer.from('x:xmpmeta'))).toBe(false);
  expect(bytes.includes(Buffer.from('iCCP'))).toBe(false);
  expect(bytes.includes(Buffer.from('ICC_PROFILE'))).toBe(false);
}

describe('pictures: metadata removed at upload-finished', () => {
  it('a JPEG with a GPS position, XMP and a Display P3 profile is stored with none of them, and the row keeps the size now stored', async () => {
    const jpeg = await (await photoPixels(640, 480))
      .jpeg({ quality: 92 })
      .withExif(GPS_EXIF)
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .withIccProfile('p3')
      .toBuffer();
    const before = await metadataOf(jpeg);
    expect([!!before.exif, !!before.xmp, !!before.icc]).toEqual([true, true, true]);
    expect(before.exif!.includes(Buffer.from('N\0'))).toBe(true);

    const finished = await finishPicture(t, ana, { bytes: jpeg, contentType: 'image/jpeg' });
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    const stored = (await storedBytes(t, finished.key))!;
    const after = await metadataOf(stored);
    expect(after.format).toBe('jpeg');
    expect([after.exif, after.xmp, after.icc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([after.width, after.height]).toEqual([640, 480]);
    expectNoMetadataBytes(stored);

    const [row] = await t.db
      .select({ fileSize: images.fileSize })
      .from(images)
      .where(eq(images.id, Number(finished.imageId)));
    expect(row!.fileSize).toBe(stored.length);
    expect((finished.answer.data as { fileSize: number }).fileSize).toBe(stored.length);

    // Again: the stored size is the row's, nothing is left to clean, the object stays as it is.
    const again = await call(t, ana, 'POST', `/images/${finished.imageId}/upload-finished`);
    expect(again.code, again.msg).toBe(200);
    expect((await storedBytes(t, finished.key))!.equals(stored)).toBe(true);
  });

  it('an orientation-6 JPEG comes out turned: width and height swapped, the warm half on top', async () => {
    const jpeg = await phoneJpeg(120, 80, 6);
    expect((await metadataOf(jpeg)).orientation).toBe(6);
    const finished = await finishPicture(t, ana, { bytes: jpeg, contentType: 'image/jpeg' });
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    const stored = (await storedBytes(t, finished.key))!;
    const after = await metadataOf(stored);
    expect([after.width, after.height, after.orientation]).toEqual([80, 120, undefined]);
    // Orientation 6 shows the picture turned a quarter clockwise: its left (warm) half on top.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 80 + x) * 3, (y * 80 + x) * 3 + 3)];
    expect(pixel(40, 10)[0]).toBeGreaterThan(pixel(40, 10)[2]!);
    expect(pixel(40, 110)[2]).toBeGreaterThan(pixel(40, 110)[0]!);
  });

  it('a Display P3 picture is converted to sRGB, not merely untagged: its colours stay', async () => {
    const p3 = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#30c060' } })
      .png()
      .withIccProfile('p3')
      .toBuffer();
    const finished = await finishPicture(t, ana, { bytes: p3, contentType: 'image/png' }, 'p3.png');
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    const stored = (await storedBytes(t, finished.key))!;
    expect((await metadataOf(stored)).icc).toBeUndefined();
    const shown = [...(await sharp(p3).raw().toBuffer()).subarray(0, 3)];
    const untagged = [...(await sharp(p3, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)];
    const kept = [...(await sharp(stored).raw().toBuffer()).subarray(0, 3)];
    expect(shown).not.toEqual(untagged);
    for (const [i, value] of kept.entries()) expect(Math.abs(value - shown[i]!)).toBeLessThanOrEqual(2);
  });

  it('a PNG and a WebP with EXIF lose it and keep their pixels (both lossless); finished again, they stay as they are', async () => {
    const pixels = await (await photoPixels(64, 48)).png().toBuffer();
    const raw = await sharp(pixels).raw().toBuffer();
    const png = await sharp(pixels).png().withExif(GPS_EXIF).toBuffer();
    const webp = await sharp(pixels).webp({ lossless: true }).withExif(GPS_EXIF).toBuffer();
    for (const [bytes, type, name] of [
      [png, 'image/png', 'a.png'],
      [webp, 'image/webp', 'a.webp'],
    ] as const) {
      expect((await metadataOf(bytes)).exif).toBeDefined();
      const finished = await finishPicture(t, ana, { bytes, contentType: type }, name);
      expect(finished.answer.code, finished.answer.msg).toBe(200);
      const stored = (await storedBytes(t, finished.key))!;
      const after = await metadataOf(stored);
      expect([after.format, after.exif]).toEqual([type.slice('image/'.length), undefined]);
      expectNoMetadataBytes(stored);
      expect((await sharp(stored).raw().toBuffer()).equals(raw)).toBe(true);
      // What the cleaning wrote carries nothing: finished again, it stays as it is.
      expect((await call(t, ana, 'POST', `/images/${finished.imageId}/upload-finished`)).code).toBe(200);
      expect((await storedBytes(t, finished.key))!.equals(stored)).toBe(true);
    }
  });

  it('a GIF loses its comment and XMP blocks; its frames, timings and looping stay byte for byte', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 24, height: 16, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const clean = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 200, 300], loop: 0 })
      .toBuffer();
    // The blocks go after the header and global colour table, before the looping block.
    const flags = clean[10]!;
    const start = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
    const comment = Buffer.concat([
      Buffer.from([0x21, 0xfe, 12]),
      Buffer.from('lat 31.2333N'),
      Buffer.from([0]),
    ]);
    const xmpText = Buffer.from('<x:xmpmeta>GPS</x:xmpmeta>');
    const xmp = Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from('XMP DataXMP'),
      Buffer.from([xmpText.length]),
      xmpText,
      Buffer.from([0]),
    ]);
    const carrying = Buffer.concat([clean.subarray(0, start), comment, xmp, clean.subarray(start)]);
    expect((await metadataOf(carrying)).pages).toBe(3);

    const finished = await finishPicture(t, ana, { bytes: carrying, contentType: 'image/gif' }, 'a.gif');
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    const stored = (await storedBytes(t, finished.key))!;
    expect(stored.equals(clean)).toBe(true);
    const after = await metadataOf(stored);
    expect([after.pages, after.delay, after.loop]).toEqual([3, [100, 200, 300], 0]);
  });

  it('a picture that carries nothing besides its pixels is kept byte for byte, at its declared size', async () => {
    for (const bytes of [
      PNG_1X1,
      await realPng(),
      await sharp(await realPng())
        .jpeg()
        .toBuffer(),
    ]) {
      const finished = await finishPicture(t, ana, { bytes, contentType: 'image/png' }, 'plain.png');
      expect(finished.answer.code, finished.answer.msg).toBe(200);
      expect((await storedBytes(t, finished.key))!.equals(bytes)).toBe(true);
      expect((finished.answer.data as { fileSize: number }).fileSize).toBe(bytes.length);
    }
  });

  it('bytes after the picture (an HTML page appended to a PNG) go with the metadata', async () => {
    const png = await realPng();
    const withPage = Buffer.concat([png, Buffer.from('<!doctype html><script>alert(1)</script>')]);
    const finished = await finishPicture(t, ana, { bytes: withPage, contentType: 'image/png' }, 'a.png');
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    const stored = (await storedBytes(t, finished.key))!;
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);
  });

  it('the cleaned copy is written through DATA_DIR/tmp and removed; the renditions are stored beside the picture', async () => {
    const finished = await finishPicture(t, ana, {
      bytes: await phoneJpeg(300, 200),
      contentType: 'image/jpeg',
    });
    expect(finished.answer.code, finished.answer.msg).toBe(200);
    expect((await temporaryFiles(t)).filter((name) => name.startsWith('picture-'))).toEqual([]);
    expect(await storedKeys(t, finished.key)).toEqual([finished.key, ...renditionKeys(finished.key)].sort());
  });
});
