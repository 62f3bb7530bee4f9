import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UploadedImage } from '@dc/contract';
import { expect } from 'vitest';
import { IMAGE_FILES_BASE, IMAGE_LINK_TTL_SECONDS } from '../../src/modules/image-files/store.ts';
import { objectStoreFor } from '../../src/storage/index.ts';
import { startTestStore, type TestStore } from '../oss/support/store.ts';
import { type TestClock, testClock } from '../support/accounts-app.ts';
import { API, authHeader, createTestApp, type TestApp } from '../support/test-app.ts';
import { decodeGrant } from '../videos/support.ts';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The API and the embedded object store over one temporary DATA_DIR, with a clock the test moves. */
export interface ImageApp extends TestApp {
  store: TestStore;
  clock: TestClock;
}

export async function createImageApp(): Promise<ImageApp> {
  const store = await startTestStore();
  const clock = testClock();
  const test = await createTestApp({
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: store.dataDir, OSS_PUBLIC_URL: store.endpoint },
    now: () => clock.now(),
  });
  return {
    ...test,
    store,
    clock,
    close: async () => {
      await test.close();
      await store.close();
    },
  };
}

/** A temporary DATA_DIR for an app whose tests only need images in its store (no listener). */
export const temporaryDataDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'dc-images-'));

export interface Uploaded {
  id: number;
  key: string;
  /** The signed link upload-finished answered (it expires). */
  link: string;
  /** The lasting address `/designerapi/v1/image-files/<key>`. */
  address: string;
}

/**
 * An image through the uploader's image path: `POST /vod/create-upload` kind image, the object
 * written into the store (the bytes a browser would PUT), `POST /images/:id/upload-finished`.
 */
export async function uploadImage(
  t: TestApp,
  who: { token: string },
  bytes: Buffer = PNG,
  fileName = 'photo.png',
): Promise<Uploaded> {
  const created = await t.app.inject({
    method: 'POST',
    url: `${API}/vod/create-upload`,
    headers: authHeader(who.token),
    payload: { kind: 'image', fileName, fileSize: bytes.length, mimeType: 'image/png' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const grant = decodeGrant(created.json().data);
  const key = grant.address.FileName;
  await objectStoreFor(t.app.config).put(key, bytes, 'image/png');
  const finished = await t.app.inject({
    method: 'POST',
    url: `${API}/images/${grant.imageId}/upload-finished`,
    headers: authHeader(who.token),
  });
  expect(finished.statusCode, finished.body).toBe(200);
  const image = finished.json().data as UploadedImage;
  expect(image.address).toBe(`${IMAGE_FILES_BASE}${key}`);
  return { id: image.id, key, link: image.url, address: image.address };
}

/** The `Expires` (seconds) of a signed link. */
const expiresOf = (link: string) => Number(new URL(link).searchParams.get('Expires'));

/**
 * Moves the app's clock past the upload's signed link (2 hours and a minute) and checks that the
 * lasting address still shows the uploaded bytes: a redirect to a fresh signed link.
 */
export async function expectShownAfterLinkExpiry(t: ImageApp, uploaded: Uploaded, kept: string, bytes = PNG) {
  expect(kept).toBe(uploaded.address);
  t.clock.advance((IMAGE_LINK_TTL_SECONDS + 60) * 1000);
  const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
  expect(expiresOf(uploaded.link)).toBeLessThan(nowSeconds);
  const shown = await t.app.inject({ method: 'GET', url: kept });
  expect(shown.statusCode).toBe(302);
  const fresh = String(shown.headers.location);
  expect(expiresOf(fresh)).toBeGreaterThan(nowSeconds);
  const fetched = await fetch(fresh);
  expect(fetched.status).toBe(200);
  expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
}
