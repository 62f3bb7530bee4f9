import type { FanDetail, FanImage, WardrobeItem } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../src/db/schema/index.ts';
import { demoPictureKey, demoPictureUrl, IMAGE_FILES_BASE } from '../../src/modules/image-files/store.ts';
import { drawPicture } from '../../src/seed/media/pictures.ts';
import { ossRequest } from '../oss/support/store.ts';
import { API } from '../support/test-app.ts';
import {
  call,
  createVideosApp,
  decodeGrant,
  type Session,
  someDesigner,
  type VideosApp,
} from '../videos/support.ts';
import { addFan } from './support.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: VideosApp;
let me: Session;
let other: Session;
let fanId: number;

/** create-upload kind image (and the PutObject unless `upload: false`): the id and the signed link. */
async function uploadImage(who: Session, upload = true): Promise<{ id: number; key: string; link?: string }> {
  const created = await call<{ imageId: string; uploadAddress: string; uploadAuth: string }>(
    t,
    who,
    'POST',
    '/vod/create-upload',
    { kind: 'image', fileName: 'photo.png', fileSize: PNG.length, mimeType: 'image/png' },
  );
  const grant = decodeGrant(created.data);
  const key = grant.address.FileName;
  if (!upload) return { id: Number(grant.imageId), key };
  await ossRequest(grant.address.Endpoint, {
    method: 'PUT',
    key,
    body: PNG,
    headers: { 'Content-Type': 'image/png' },
    credentials: grant.auth,
  });
  const finished = await call<{ url: string }>(t, who, 'POST', `/images/${grant.imageId}/upload-finished`);
  expect(finished.code).toBe(200);
  return { id: Number(grant.imageId), key, link: finished.data.url };
}

const fieldOf = (answer: { data: unknown }) =>
  (answer.data as { errors?: { path: string }[] } | null)?.errors?.map((e) => e.path);

/** GET of a lasting image address without a session. */
const getImageFile = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createVideosApp();
  me = await someDesigner(t, 'fanimg');
  other = await someDesigner(t, 'fanimg-other');
  fanId = await addFan(t as never, me.id, { nickname: 'Photo fan' });
});
afterAll(async () => {
  await t?.close();
});

describe('issue 7: fan photos and wardrobe pictures are images uploaded through the image path', () => {
  it('a photo by the link the upload answered is kept by its lasting address, with its labels', async () => {
    const uploaded = await uploadImage(me);
    const added = await call<FanImage>(t, me, 'POST', `/fans/${fanId}/images`, {
      url: uploaded.link,
      labels: ['正面', '试穿'],
    });
    expect(added.code).toBe(200);
    expect(added.data.url).toBe(`${IMAGE_FILES_BASE}${uploaded.key}`);
    expect(added.data.labels).toEqual(['正面', '试穿']);
    const detail = await call<FanDetail>(t, me, 'GET', `/fans/${fanId}`);
    expect(detail.data.images.map((image) => image.url)).toContain(added.data.url);
    // The lasting address shows the very bytes that were uploaded, through a fresh signed link.
    const shown = await getImageFile(added.data.url);
    expect(shown.statusCode).toBe(302);
    expect(shown.headers['cache-control']).toMatch(/max-age=3600/);
    const bytes = Buffer.from(await (await fetch(String(shown.headers.location))).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
  });

  it('a wardrobe garment takes an uploaded picture by its lasting address, or none', async () => {
    const uploaded = await uploadImage(me);
    const url = `${IMAGE_FILES_BASE}${uploaded.key}`;
    const item = await call<WardrobeItem>(t, me, 'POST', `/fans/${fanId}/wardrobe`, {
      category: 'qipao',
      size: 'M',
      color: '墨绿',
      imageUrl: url,
    });
    expect(item.code).toBe(200);
    expect(item.data.imageUrl).toBe(url);
    const bare = await call<WardrobeItem>(t, me, 'POST', `/fans/${fanId}/wardrobe`, {
      category: 'top',
      size: 'S',
    });
    expect(bare.data.imageUrl).toBe('');
  });

  it('40000 naming the field for an address outside our store, another designer’s image, or one not uploaded yet', async () => {
    const others = await uploadImage(other);
    const pending = await uploadImage(me, false);
    const refused = [
      'https://img.example.com/a.jpg',
      '/designerapi/v1/demo-images/fan-photo-1.svg',
      others.link!,
      `${IMAGE_FILES_BASE}${others.key}`,
      `${IMAGE_FILES_BASE}${pending.key}`,
      `${IMAGE_FILES_BASE}designers/${me.id}/images/never-created.png`,
      `${IMAGE_FILES_BASE}${demoPictureKey(me.id, 'garment-qipao-green')}`,
    ];
    for (const url of refused) {
      const photo = await call(t, me, 'POST', `/fans/${fanId}/images`, { url });
      expect([photo.code, fieldOf(photo)], url).toEqual([40000, ['url']]);
      const garment = await call(t, me, 'POST', `/fans/${fanId}/wardrobe`, {
        category: 'top',
        size: 'M',
        imageUrl: url,
      });
      expect([garment.code, fieldOf(garment)], url).toEqual([40000, ['imageUrl']]);
    }
    const detail = await call<FanDetail>(t, me, 'GET', `/fans/${fanId}`);
    const kept = [...detail.data.images.map((i) => i.url), ...detail.data.wardrobe.map((w) => w.imageUrl)];
    for (const url of refused) expect(kept).not.toContain(url);
  });

  it('another designer’s fan is 40400 whatever the picture', async () => {
    const mine = await uploadImage(other);
    const answer = await call(t, other, 'POST', `/fans/${fanId}/images`, { url: mine.link });
    expect(answer.code).toBe(40400);
  });
});

describe('GET /image-files/<key>: stored images by a lasting address', () => {
  it('a demo picture the designer has among their images is drawn into the store once and served as PNG', async () => {
    const key = demoPictureKey(me.id, 'garment-dress-wine');
    const bytes = drawPicture('garment-dress-wine');
    await t.db.insert(images).values({
      designerId: me.id,
      objectKey: key,
      fileName: 'garment-dress-wine.png',
      fileSize: bytes.length,
      mimeType: 'image/png',
      createdAt: new Date(),
    });
    const shown = await getImageFile(demoPictureUrl(me.id, 'garment-dress-wine'));
    expect(shown.statusCode).toBe(302);
    const stored = await fetch(String(shown.headers.location));
    expect(stored.headers.get('content-type')).toBe('image/png');
    const body = Buffer.from(await stored.arrayBuffer());
    expect(body.equals(bytes)).toBe(true);
    expect(body.length).toBeLessThan(8 * 1024);
    // It is now the designer's stored image: a photo may use it.
    const photo = await call(t, me, 'POST', `/fans/${fanId}/images`, {
      url: demoPictureUrl(me.id, 'garment-dress-wine'),
    });
    expect(photo.code).toBe(200);
  });

  it('40400 for a key nobody stored, a demo picture nobody owns, or a platform picture that is not a provider logo', async () => {
    for (const key of [
      `designers/${me.id}/images/0123456789abcdef0123456789abcdef.png`,
      demoPictureKey(other.id, 'garment-top-black'),
      'platform/images/demo-cover-anything.png',
    ]) {
      const res = await getImageFile(`${IMAGE_FILES_BASE}${key}`);
      expect([res.statusCode, res.json().code], key).toEqual([404, 40400]);
    }
    expect((await getImageFile(demoPictureUrl(null, 'provider-2'))).statusCode).toBe(302);
  });

  it('40000 for a key that is not an image key (other folders, dot segments)', async () => {
    for (const key of [
      `designers/${me.id}/videos/a.webm`,
      `designers/${me.id}/images/..%2F..%2Fsecret`,
      'designers/0/images/a.png',
      'elsewhere/images/a.png',
    ]) {
      const res = await getImageFile(`${API}/image-files/${key}`);
      expect([res.statusCode, res.json().code], key).toEqual([400, 40000]);
    }
  });
});
