import type { RecruitmentSettings } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImageApp,
  expectShownAfterLinkExpiry,
  type ImageApp,
  uploadImage,
} from '../image-files/support.ts';
import { call, expectInvalid, type Session, someone } from '../support/calls.ts';

let t: ImageApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createImageApp();
  me = await someone(t, 'img_recruit_me');
  other = await someone(t, 'img_recruit_other');
});
afterAll(() => t?.close());

const settings = (coverUrl: string) => ({
  enabled: true,
  welcome: '欢迎',
  benefit: '新人礼',
  coverUrl,
  autoTagIds: [],
});

describe('recruitment cover: an uploaded image is kept by its lasting address', () => {
  it('keeps the uploaded cover by its lasting address, an outside one as sent; another designer’s is 40000', async () => {
    const cover = await uploadImage(t, me);
    const res = await call(t, 'PUT', '/recruitment', me, settings(cover.link));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as RecruitmentSettings).coverUrl).toBe(cover.address);
    const outside = await call(t, 'PUT', '/recruitment', me, settings('https://cdn.example.com/r.jpg'));
    expect((outside.json().data as RecruitmentSettings).coverUrl).toBe('https://cdn.example.com/r.jpg');
    const theirs = await uploadImage(t, other);
    expectInvalid(await call(t, 'PUT', '/recruitment', me, settings(theirs.address)), 'coverUrl');
    await expectShownAfterLinkExpiry(t, cover, cover.address);
  });
});
