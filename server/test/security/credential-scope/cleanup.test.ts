import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, videos } from '../../../src/db/schema/index.ts';
import { runStorageCleanup, storedBytesOf } from '../../../src/modules/storage-quota/index.ts';
import { objectStoreFor } from '../../../src/storage/index.ts';
import { ossRequest, xmlText } from '../../oss/support/store.ts';
import { API, authHeader, createDesigner, loginAs } from '../../support/test-app.ts';
import {
  createVideosApp,
  decodeGrant,
  type Session,
  type VideosApp,
  videoUpload,
} from '../../videos/support.ts';

/** Issue 16 point 3: objects never registered, or abandoned for 24 h, are removed by the clean-up. */
const HOUR = 60 * 60 * 1000;
let clock = Date.now();
let t: VideosApp;
let designer: Session;
beforeAll(async () => {
  t = await createVideosApp({}, { now: () => new Date(clock) });
  // A "remember me" session, so it outlives the day the clock moves on.
  const id = await createDesigner(t.db, { account: 'sweeper', password: 'sweep-pass-2026' });
  designer = { id, token: await loginAs(t.app, 'sweeper', 'sweep-pass-2026', true) };
});
afterAll(() => t?.close());

const config = () => t.app.config;
const exists = async (key: string) => (await objectStoreFor(config()).head(key)) !== undefined;

async function createUpload(body: object) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `${API}/vod/create-upload`,
    headers: authHeader(designer.token),
    payload: body,
  });
  expect(answer.statusCode).toBe(200);
  return decodeGrant(answer.json().data);
}
const putWith = (grant: Awaited<ReturnType<typeof createUpload>>, bytes: Buffer) =>
  ossRequest(t.store.endpoint, {
    method: 'PUT',
    key: grant.address.FileName,
    body: bytes,
    credentials: grant.auth,
  });

describe('clean-up of unregistered and abandoned uploads', () => {
  it('removes an unregistered object and a 24 h abandoned upload (object, row, quota), but not a live one', async () => {
    const start = clock;
    // Abandoned: a video whose bytes arrived but upload-finished never came; an image that never arrived.
    const abandoned = await createUpload(videoUpload({ fileSize: 1000 }));
    expect((await putWith(abandoned, randomBytes(1000))).status).toBe(200);
    const neverArrived = await createUpload({ kind: 'image', fileName: 'c.png', fileSize: 500 });
    // Unregistered: what a designer-wide grant could write before grants were scoped, and an open upload of it.
    const junk = `designers/${designer.id}/junk/1.bin`;
    const junkGrant = t.store.grant(junk);
    await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: junk,
      body: randomBytes(64),
      credentials: junkGrant,
    });
    const junkUpload = xmlText(
      await ossRequest(t.store.endpoint, {
        method: 'POST',
        key: `${junk}.2`,
        subres: { uploads: null },
        credentials: t.store.grant(`${junk}.2`),
      }),
      'UploadId',
    );
    expect(junkUpload).toBeDefined();

    // 23 h later a live upload starts; 25 h after the first, the clean-up runs.
    clock = start + 23 * HOUR;
    const live = await createUpload(videoUpload({ fileSize: 700 }));
    expect((await putWith(live, randomBytes(700))).status).toBe(200);
    expect(await storedBytesOf(t.db, designer.id)).toBe(2200);
    clock = start + 25 * HOUR;

    const report = await runStorageCleanup(t.db, config());
    expect(report).toMatchObject({
      abandonedVideos: 1,
      abandonedImages: 1,
      unregisteredObjects: 1,
      unregisteredUploads: 1,
    });
    expect(await exists(abandoned.address.FileName)).toBe(false);
    expect(
      await t.db
        .select()
        .from(videos)
        .where(eq(videos.id, Number(abandoned.videoId))),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(images)
        .where(eq(images.id, Number(neverArrived.imageId))),
    ).toEqual([]);
    expect(await exists(junk)).toBe(false);
    const listed = await ossRequest(t.store.endpoint, {
      method: 'GET',
      key: `${junk}.2`,
      subres: { uploadId: junkUpload! },
      credentials: t.store.grant(`${junk}.2`),
    });
    expect(listed.code).toBe('NoSuchUpload');
    // The live upload stands, object and row, and finishes afterwards; the quota counts it alone.
    expect(await exists(live.address.FileName)).toBe(true);
    const [row] = await t.db
      .select()
      .from(videos)
      .where(eq(videos.id, Number(live.videoId)));
    expect(row?.status).toBe('uploading');
    expect(await storedBytesOf(t.db, designer.id)).toBe(700);
    // A second pass finds nothing more.
    expect(Object.values(await runStorageCleanup(t.db, config())).every((n) => n === 0)).toBe(true);
  });

  it('a fresh unregistered object (younger than an hour) is left for a later pass', async () => {
    clock = Date.now() + 30 * 60 * 1000;
    const fresh = `designers/${designer.id}/junk/fresh.bin`;
    await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: fresh,
      body: Buffer.from('x'),
      credentials: t.store.grant(fresh),
    });
    await runStorageCleanup(t.db, config());
    expect(await exists(fresh)).toBe(true);
    clock = Date.now() + 2 * HOUR;
    await runStorageCleanup(t.db, config());
    expect(await exists(fresh)).toBe(false);
  });
});
