import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_RENDITION_WIDTHS } from '@dc/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import { renditionKey } from '../../src/media/renditions.ts';
import { objectStoreFor } from '../../src/storage/index.ts';
import { imageGrant, type Payload, putWithGrant } from '../security/content/support.ts';
import { call, type Session, type VideosApp } from '../videos/support.ts';

/** A GPS position (Shanghai) in EXIF's rationals, as a phone writes it. */
export const GPS_EXIF = {
  IFD0: { Make: 'Phone', Model: 'Camera 12' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '31/1 14/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '121/1 28/1 0/1',
  },
};

/**
 * A picture that compresses like a photo (soft shapes and some grain), `width` × `height`, left
 * half warm and right half cool so a turn shows.
 */
export async function photoPixels(width: number, height: number) {
  const soft = await sharp({
    create: {
      width: Math.ceil(width / 16),
      height: Math.ceil(height / 16),
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const warm = x < width / 2;
      soft[at] = warm ? 200 + (soft[at]! >> 3) : soft[at]! >> 2;
      soft[at + 2] = warm ? soft[at + 2]! >> 2 : 200 + (soft[at + 2]! >> 3);
    }
  return sharp(soft, { raw: { width, height, channels: 3 } });
}

/** A JPEG as a phone writes it: EXIF with the GPS position, an orientation, a Display P3 profile. */
export async function phoneJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  return (await photoPixels(width, height))
    .jpeg({ quality: 92 })
    .withExif(GPS_EXIF)
    .withMetadata({ orientation })
    .toBuffer();
}

/** The stored object's bytes. */
export async function storedBytes(t: VideosApp, key: string): Promise<Buffer | undefined> {
  const store = objectStoreFor(t.app.config);
  const head = await store.head(key);
  return head && store.readBytes(key, 0, head.size);
}

/** Every key the store holds that starts with `prefix`. */
export async function storedKeys(t: VideosApp, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of objectStoreFor(t.app.config).list(prefix)) keys.push(object.key);
  return keys.sort();
}

export const renditionKeys = (key: string) => IMAGE_RENDITION_WIDTHS.map((width) => renditionKey(key, width));

/** What DATA_DIR/tmp holds (the cleaned copies of pictures are written there first). */
export const temporaryFiles = async (t: VideosApp) =>
  fs.readdir(path.join(t.store.dataDir, 'tmp')).catch(() => [] as string[]);

export interface Finished {
  key: string;
  imageId: string;
  answer: { status: number; code: number; msg: string; data: unknown };
}

/** A picture through create-upload, a PUT with its grant and upload-finished. */
export async function finishPicture(
  t: VideosApp,
  who: Session,
  payload: Payload,
  fileName = 'photo.jpg',
  declared = payload.bytes.length,
): Promise<Finished> {
  const grant = await imageGrant(t, who, declared, fileName);
  const put = await putWithGrant(t, grant, payload);
  expect(put.status, put.code).toBe(200);
  const answer = await call(t, who, 'POST', `/images/${grant.imageId}/upload-finished`);
  return { key: grant.address.FileName, imageId: grant.imageId!, answer };
}
