import type { ListPage, VideoDetail, VideoRow } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/db/schema/index.ts';
import { objectStoreFor } from '../../src/storage/index.ts';
import { ossRequest } from '../oss/support/store.ts';
import { mp4Bytes } from '../support/media-bytes.ts';
import {
  call,
  createVideosApp,
  decodeGrant,
  getAddress,
  getUrl,
  publishVideo,
  type Session,
  someDesigner,
  uploadVideo,
  type VideosApp,
} from './support.ts';

let t: VideosApp;
let alice: Session;
let bob: Session;
let clip: Buffer;
let publishedId: number;
let publishedKey: string;
/** The playable rendition processing made of it (issue 20), which the play link serves. */
let playKey: string;

beforeAll(async () => {
  t = await createVideosApp();
  alice = await someDesigner(t, 'alice');
  bob = await someDesigner(t, 'bob');
  const published = await publishVideo(t, alice, { title: '西装领型示范', tags: ['西装'] });
  clip = published.bytes;
  publishedId = published.detail.id;
  publishedKey = published.grant.address.FileName;
  await t.db.update(videos).set({ views: 500, likes: 40, comments: 3 }).where(eq(videos.id, publishedId));
  playKey = (await t.db.select().from(videos).where(eq(videos.id, publishedId)))[0]!.playObjectKey!;
  for (const [title, views] of [
    ['真丝衬衫的缝制', 80],
    ['面料小课堂：羊绒', 1200],
  ] as const) {
    const { detail } = await publishVideo(t, alice, { title });
    await t.db.update(videos).set({ views }).where(eq(videos.id, detail.id));
  }
  await call(t, alice, 'POST', '/vod/create-upload', {
    kind: 'video',
    title: '还在上传的视频',
    fileName: 'pending.mov',
    fileSize: 99_999,
  });
  await uploadVideo(t, bob, mp4Bytes(1000), { title: '别人的视频' });
});
afterAll(() => t?.close());

const list = (who: Session, query = '') => call<ListPage<VideoRow>>(t, who, 'GET', `/videos?${query}`);

describe('issue 5 item 4: my videos list', () => {
  it('lists only my videos, newest first, with every column of the list', async () => {
    const answer = await list(alice);
    expect(answer.code).toBe(200);
    expect(answer.data.totalNumber).toBe(4);
    expect(answer.data.dataList.map((v) => v.title)).not.toContain('别人的视频');
    expect(answer.data.dataList[0]!.title).toBe('还在上传的视频');
    const row = answer.data.dataList.find((v) => v.id === publishedId)!;
    expect(row).toMatchObject({
      title: '西装领型示范',
      fileSize: clip.length,
      durationSeconds: 2,
      status: 'published',
      views: 500,
      likes: 40,
      comments: 3,
      mimeType: 'video/mp4',
      tags: ['西装'],
    });
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by status and keyword, sorts, pages', async () => {
    expect((await list(alice, 'status=uploading')).data.dataList.map((v) => v.title)).toEqual([
      '还在上传的视频',
    ]);
    expect((await list(alice, 'keyword=羊绒')).data.dataList.map((v) => v.title)).toEqual([
      '面料小课堂：羊绒',
    ]);
    expect((await list(alice, 'keyword=%25')).data.totalNumber).toBe(0);
    const byViews = await list(alice, 'sortBy=views&order=desc&status=published');
    expect(byViews.data.dataList.map((v) => v.views)).toEqual([1200, 500, 80]);
    const page2 = await list(alice, 'pageSize=3&page=2');
    expect(page2.data).toMatchObject({ totalNumber: 4, totalPages: 2 });
    expect(page2.data.dataList).toHaveLength(1);
    expect((await list(alice, 'sortBy=title')).code).toBe(40000);
    expect((await list(alice, 'status=deleted')).code).toBe(40000);
  });
});

describe('issue 5 item 5: video detail and playback', () => {
  it('answers a signed play link (of the playable rendition) the store serves with Range (206)', async () => {
    const detail = await call<VideoDetail>(t, alice, 'GET', `/videos/${publishedId}`);
    expect(detail.code).toBe(200);
    expect(detail.data.playUrl).toContain(`/designer-console/${playKey}?`);
    expect(detail.data.playUrlExpiresAt).toMatch(/^\d{4}-/);
    const whole = await getUrl(detail.data.playUrl!);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const part = await getUrl(detail.data.playUrl!, { Range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(1000, 2000))).toBe(true);
  });

  it('another designer cannot read it: no detail (40400), the link does not open another key, their credentials are refused', async () => {
    expect((await call(t, bob, 'GET', `/videos/${publishedId}`)).code).toBe(40400);
    const bobsOwn = (await list(bob)).data.dataList[0]!;
    const bobsDetail = await call<VideoDetail>(t, bob, 'GET', `/videos/${bobsOwn.id}`);
    expect(bobsDetail.data.playUrl).toBeNull(); // still uploading: nothing to play
    const alicesLink = (await call<VideoDetail>(t, alice, 'GET', `/videos/${publishedId}`)).data.playUrl!;
    const otherKey = alicesLink.replace(/videos\/[0-9a-f]{32}/, `videos/${'0'.repeat(32)}`);
    expect((await getUrl(otherKey)).code).toBe('SignatureDoesNotMatch');
    const unsigned = alicesLink.split('?')[0]!;
    expect((await getUrl(unsigned)).code).toBe('AccessDenied');
    const bobsGrant = decodeGrant(
      (
        await call<{ uploadAddress: string; uploadAuth: string }>(t, bob, 'POST', '/vod/create-upload', {
          kind: 'video',
          title: 'x',
          fileName: 'x.mp4',
          fileSize: 10,
        })
      ).data,
    );
    const read = await ossRequest(t.store.endpoint, {
      method: 'GET',
      key: publishedKey,
      credentials: bobsGrant.auth,
    });
    expect(read.code).toBe('AccessDenied');
  });

  it('an unknown or malformed id → 40400 / 40000', async () => {
    expect((await call(t, alice, 'GET', '/videos/999999')).code).toBe(40400);
    expect((await call(t, alice, 'GET', '/videos/abc')).code).toBe(40000);
  });
});

describe('issue 5 item 5: the owner edits', () => {
  it('saves title, description, category, tags; another designer cannot', async () => {
    const body = {
      title: '西装领型：戗驳领',
      description: '第二版\n含细节',
      cateId: 2,
      tags: ['西装', '领型'],
    };
    const saved = await call<VideoDetail>(t, alice, 'PUT', `/videos/${publishedId}`, body);
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ ...body, status: 'published' });
    expect((await call(t, bob, 'PUT', `/videos/${publishedId}`, body)).code).toBe(40400);
    const bad = await call<{ errors: { path: string }[] }>(t, alice, 'PUT', `/videos/${publishedId}`, {
      ...body,
      tags: ['a', 'a'],
    });
    expect(bad.code).toBe(40000);
    expect(bad.data.errors[0]!.path).toBe('tags');
  });

  it('a cover is one of my images (a signed link in the list); another designer’s image → 40000 on coverImageId', async () => {
    const image = decodeGrant(
      (
        await call<{ uploadAddress: string; uploadAuth: string; imageId: string }>(
          t,
          alice,
          'POST',
          '/vod/create-upload',
          {
            kind: 'image',
            fileName: 'frame.jpg',
            fileSize: 4,
          },
        )
      ).data,
    );
    await ossRequest(t.store.endpoint, {
      method: 'PUT',
      key: image.address.FileName,
      body: Buffer.from('jpeg'),
      credentials: image.auth,
    });
    const saved = await call<VideoDetail>(t, alice, 'PUT', `/videos/${publishedId}`, {
      title: '西装领型示范',
      coverImageId: Number(image.imageId),
    });
    expect(saved.code).toBe(200);
    expect(saved.data.coverUrl).toBe(`/designerapi/v1/image-files/${image.address.FileName}`);
    expect((await getAddress(t, saved.data.coverUrl)).body.toString()).toBe('jpeg');
    const foreign = await call<{ errors: { path: string }[] }>(
      t,
      bob,
      'PUT',
      `/videos/${(await list(bob)).data.dataList[0]!.id}`,
      {
        title: 'x',
        coverImageId: Number(image.imageId),
      },
    );
    expect(foreign.code).toBe(40000);
    expect(foreign.data.errors[0]!.path).toBe('coverImageId');
  });
});

describe('issue 5 item 4: take offline, publish, delete', () => {
  it('published ⇄ offline; an uploading video cannot change (40900)', async () => {
    const offline = await call<VideoDetail>(t, alice, 'POST', `/videos/${publishedId}/offline`);
    expect(offline.data.status).toBe('offline');
    expect((await list(alice, 'status=offline')).data.totalNumber).toBe(1);
    expect((await call<VideoDetail>(t, alice, 'POST', `/videos/${publishedId}/publish`)).data.status).toBe(
      'published',
    );
    const uploading = (await list(alice, 'status=uploading')).data.dataList[0]!;
    expect((await call(t, alice, 'POST', `/videos/${uploading.id}/offline`)).code).toBe(40900);
    expect((await call(t, bob, 'POST', `/videos/${publishedId}/offline`)).code).toBe(40400);
  });

  it('delete removes the row, the stored file and its playable rendition; another designer’s → 40400', async () => {
    const link = (await call<VideoDetail>(t, alice, 'GET', `/videos/${publishedId}`)).data.playUrl!;
    expect((await call(t, bob, 'DELETE', `/videos/${publishedId}`)).code).toBe(40400);
    const deleted = await call(t, alice, 'DELETE', `/videos/${publishedId}`);
    expect(deleted.code).toBe(200);
    expect((await call(t, alice, 'GET', `/videos/${publishedId}`)).code).toBe(40400);
    expect((await getUrl(link)).code).toBe('NoSuchKey');
    // The original upload goes with its rendition.
    expect(await objectStoreFor(t.app.config).head(publishedKey)).toBeUndefined();
  });
});
