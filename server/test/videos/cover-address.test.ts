import type { VideoDetail } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImageApp,
  expectShownAfterLinkExpiry,
  type ImageApp,
  uploadImage,
} from '../image-files/support.ts';
import { call, expectInvalid, type Session, someone } from '../support/calls.ts';
import { decodeGrant, videoUpload } from './support.ts';

let t: ImageApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createImageApp();
  me = await someone(t, 'img_video_me');
  other = await someone(t, 'img_video_other');
});
afterAll(() => t?.close());

describe('video cover by address (coverURL): an uploaded image is kept by its lasting address', () => {
  it('create-upload and PUT keep an uploaded cover by its lasting address, an outside one as sent', async () => {
    const cover = await uploadImage(t, me);
    const created = await call(t, 'POST', '/vod/create-upload', me, videoUpload({ coverURL: cover.link }));
    expect(created.statusCode, created.body).toBe(200);
    const videoId = Number(decodeGrant(created.json().data).videoId);
    const detail = (await call(t, 'GET', `/videos/${videoId}`, me)).json().data as VideoDetail;
    expect(detail.coverUrl).toBe(cover.address);
    const outside = await call(t, 'PUT', `/videos/${videoId}`, me, {
      title: '外链封面',
      coverURL: 'https://cdn.example.com/v.jpg',
    });
    expect((outside.json().data as VideoDetail).coverUrl).toBe('https://cdn.example.com/v.jpg');
    const again = await call(t, 'PUT', `/videos/${videoId}`, me, {
      title: '上传封面',
      coverURL: cover.address,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as VideoDetail).coverUrl).toBe(cover.address);
    await expectShownAfterLinkExpiry(t, cover, cover.address);
  });

  it('40000 on coverURL for another designer’s image', async () => {
    const theirs = await uploadImage(t, other);
    expectInvalid(
      await call(t, 'POST', '/vod/create-upload', me, videoUpload({ coverURL: theirs.link })),
      'coverURL',
    );
  });
});
