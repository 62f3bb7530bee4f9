import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS } from '../../../src/uploads/inspect.ts';
import {
  call,
  createVideosApp,
  type DecodedGrant,
  type Session,
  someDesigner,
  type VideosApp,
} from '../../videos/support.ts';
import { fieldErrors, imageGrant, putWithGrant, stored } from './support.ts';

/**
 * Issue 16, content / resource budget: a tiny file that decodes to a huge frame. A lossless WebP
 * of one colour, 8000×8000 (exactly IMAGE_MAX_PIXELS), is 2.5 KB; decoding it whole takes 256 MB
 * of pixels and more. Five finished at once took the server to 2.29 GB. upload-finished must still
 * accept it (it is a picture within the limit) while the process's memory stays bounded.
 */
let t: VideosApp;
let mallory: Session;
beforeAll(async () => {
  t = await createVideosApp();
  mallory = await someDesigner(t, 'mallory');
});
afterAll(() => t?.close());

/** Growth of the process's resident memory allowed while the five are checked. */
const RSS_GROWTH_BUDGET = 300 * 1024 * 1024;

/** The largest rise of `process.memoryUsage().rss` (sampled every 20 ms) while `work` runs. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - base };
  } finally {
    clearInterval(sampler);
  }
}

describe('content: a picture that decodes to a huge frame', () => {
  it("five 64-megapixel lossless WebP bombs of 2.5 KB finished at once keep the server's memory bounded", async () => {
    const side = Math.sqrt(IMAGE_MAX_PIXELS);
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#000' } })
      .webp({ lossless: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(4096);

    const grants: DecodedGrant[] = [];
    for (let i = 0; i < 5; i++) {
      const grant = await imageGrant(t, mallory, bomb.length, `bomb-${i}.webp`);
      const put = await putWithGrant(t, grant, { bytes: bomb, contentType: 'image/webp' });
      expect(put.status, put.code).toBe(200);
      grants.push(grant);
    }

    const { result: finished, growth } = await peakRssGrowth(() =>
      Promise.all(
        grants.map((grant) => call(t, mallory, 'POST', `/images/${grant.imageId}/upload-finished`)),
      ),
    );
    // Within the limit, so a picture like any other: accepted, never a 500.
    expect(finished.map((answer) => answer.code)).toEqual([200, 200, 200, 200, 200]);
    expect(growth, `rss grew by ${Math.round(growth / 2 ** 20)} MiB`).toBeLessThan(RSS_GROWTH_BUDGET);
  });
});

describe('content: a picture that must be decoded whole', () => {
  it('a 770 KB 16-bit interlaced PNG of 64 megapixels (540 MB decoded) is refused on file and deleted, without being decoded', async () => {
    const side = Math.sqrt(IMAGE_MAX_PIXELS);
    const bomb = await sharp({ create: { width: side, height: side, channels: 4, background: '#000' } })
      .toColourspace('rgb16')
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    const grant = await imageGrant(t, mallory, bomb.length, 'interlaced.png');
    const put = await putWithGrant(t, grant, { bytes: bomb, contentType: 'image/png' });
    expect(put.status, put.code).toBe(200);
    const { result: finished, growth } = await peakRssGrowth(() =>
      call(t, mallory, 'POST', `/images/${grant.imageId}/upload-finished`),
    );
    expect(finished.code).toBe(40000);
    expect(fieldErrors(finished)[0]).toMatchObject({ path: 'file', message: expect.stringMatching(/隔行/) });
    expect(await stored(t, grant.address.FileName)).toBe(false);
    expect(growth, `rss grew by ${Math.round(growth / 2 ** 20)} MiB`).toBeLessThan(RSS_GROWTH_BUDGET);
  });

  it('an 8-bit interlaced PNG of 64 megapixels still fits and is accepted', async () => {
    const side = Math.sqrt(IMAGE_MAX_PIXELS);
    const picture = await sharp({ create: { width: side, height: side, channels: 4, background: '#593bff' } })
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    const grant = await imageGrant(t, mallory, picture.length, 'interlaced.png');
    const put = await putWithGrant(t, grant, { bytes: picture, contentType: 'image/png' });
    expect(put.status, put.code).toBe(200);
    const finished = await call(t, mallory, 'POST', `/images/${grant.imageId}/upload-finished`);
    expect(finished.code).toBe(200);
  });
});
