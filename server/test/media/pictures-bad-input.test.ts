import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFileUrl } from '../../src/modules/image-files/index.ts';
import { IMAGE_MAX_PIXELS } from '../../src/uploads/inspect.ts';
import {
  fieldErrors,
  HTML_PAGE,
  imageGrant,
  putWithGrant,
  SVG_FOREIGN_OBJECT,
} from '../security/content/support.ts';
import { authHeader } from '../support/test-app.ts';
import { call, createVideosApp, type Session, someDesigner, type VideosApp } from '../videos/support.ts';
import { type Finished, finishPicture, phoneJpeg, storedKeys, temporaryFiles } from './picture-support.ts';

/**
 * Issue 20 point 5, pictures: zero-byte, truncated and mislabelled files and decompression bombs
 * are refused at upload-finished with a 40000 naming the field, in the request's language, and
 * leave nothing behind: no original, no cleaned copy, no rendition, no temporary file.
 */
let t: VideosApp;
let ana: Session;
beforeAll(async () => {
  t = await createVideosApp();
  ana = await someDesigner(t, 'bad');
});
afterAll(() => t?.close());

async function expectNothingLeft(finished: Finished, field: 'file' | 'fileSize', message?: RegExp) {
  expect(finished.answer.status).toBe(400);
  expect(finished.answer.code).toBe(40000);
  expect(fieldErrors(finished.answer)[0]).toMatchObject({
    path: field,
    message: message ?? expect.any(String),
  });
  // The key and everything derived from it (`<key>.w160.webp`…) are gone.
  expect(await storedKeys(t, finished.key)).toEqual([]);
  expect((await temporaryFiles(t)).filter((name) => /^(picture|object)-/.test(name))).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: `${imageFileUrl(finished.key)}?w=160` })).statusCode).toBe(
    404,
  );
}

describe('pictures: bad input leaves nothing behind', () => {
  it('a zero-byte file: no grant when declared empty; declared larger, refused on fileSize', async () => {
    const empty = await call(t, ana, 'POST', '/vod/create-upload', {
      kind: 'image',
      fileName: 'empty.jpg',
      fileSize: 0,
      mimeType: 'image/jpeg',
    });
    expect([empty.code, fieldErrors(empty)[0]!.path]).toEqual([40000, 'fileSize']);
    const finished = await finishPicture(
      t,
      ana,
      { bytes: Buffer.alloc(0), contentType: 'image/jpeg' },
      'a.jpg',
      100,
    );
    await expectNothingLeft(finished, 'fileSize', /0/);
  });

  it('a phone JPEG cut short in its pixels (its GPS EXIF intact) is refused: nothing cleaned, nothing rendered', async () => {
    const whole = await phoneJpeg(800, 600, 6);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    await expectNothingLeft(
      await finishPicture(t, ana, { bytes: cut, contentType: 'image/jpeg' }),
      'file',
      /图片/,
    );
  });

  it('an HTML page and an SVG named .jpg are refused on file, in Chinese and in English', async () => {
    for (const bytes of [HTML_PAGE, SVG_FOREIGN_OBJECT]) {
      await expectNothingLeft(
        await finishPicture(t, ana, { bytes, contentType: 'image/jpeg' }, 'photo.jpg'),
        'file',
        /不是图片/,
      );
      const grant = await imageGrant(t, ana, bytes.length, 'photo.jpg');
      await putWithGrant(t, grant, { bytes, contentType: 'image/jpeg' });
      const english = await t.app.inject({
        method: 'POST',
        url: `/designerapi/v1/images/${grant.imageId}/upload-finished`,
        headers: { ...authHeader(ana.token), 'accept-language': 'en-US' },
      });
      expect(fieldErrors(english.json())[0]).toMatchObject({ path: 'file', message: /not an image/ });
      expect(await storedKeys(t, grant.address.FileName)).toEqual([]);
    }
  });

  it(`a PNG bomb (10000 × 7000, over ${IMAGE_MAX_PIXELS / 1e6} megapixels, a few KB) is refused by limitInputPixels and leaves nothing`, async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 7_000, channels: 3, background: '#000' } })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    const finished = await finishPicture(t, ana, { bytes: bomb, contentType: 'image/png' }, 'bomb.png');
    // Refused on its header: never decoded.
    expect(performance.now() - started).toBeLessThan(5_000);
    await expectNothingLeft(finished, 'file', /百万像素/);
  });

  it('a PNG bomb that carries EXIF (so it would be cleaned) is refused before any copy is written', async () => {
    const bomb = await sharp({ create: { width: 9_000, height: 8_000, channels: 3, background: '#000' } })
      .greyscale()
      .png({ compressionLevel: 9 })
      .withExif({ IFD0: { Make: 'Phone' } })
      .toBuffer();
    await expectNothingLeft(
      await finishPicture(t, ana, { bytes: bomb, contentType: 'image/png' }, 'bomb.png'),
      'file',
    );
  });

  it('after all of these, and after a picture that passes, DATA_DIR/tmp holds no picture copy', async () => {
    const finished = await finishPicture(t, ana, {
      bytes: await phoneJpeg(400, 300, 3),
      contentType: 'image/jpeg',
    });
    expect(finished.answer.code).toBe(200);
    expect((await temporaryFiles(t)).filter((name) => name.startsWith('picture-'))).toEqual([]);
  });
});
