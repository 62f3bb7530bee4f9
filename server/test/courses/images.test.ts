import type { CourseDetail } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImageApp,
  expectShownAfterLinkExpiry,
  type ImageApp,
  uploadImage,
} from '../image-files/support.ts';
import { call, expectInvalid, type Session, someone } from '../support/calls.ts';
import { addVideo, courseBody } from './support.ts';

let t: ImageApp;
let me: Session;
let other: Session;
beforeAll(async () => {
  t = await createImageApp();
  me = await someone(t, 'img_course_me');
  other = await someone(t, 'img_course_other');
});
afterAll(() => t?.close());

describe('course cover: an uploaded image is kept by its lasting address', () => {
  it('keeps the cover the upload answered by its lasting address; it shows after the signed link expired', async () => {
    const cover = await uploadImage(t, me);
    const videoId = await addVideo(t, me.id);
    const res = await call(t, 'POST', '/courses', me, courseBody(videoId, { coverUrl: cover.link }));
    expect(res.statusCode, res.body).toBe(200);
    const course = res.json().data as CourseDetail;
    expect(course.coverUrl).toBe(cover.address);
    // An outside cover stays as it is.
    const outside = await call(t, 'PUT', `/courses/${course.id}`, me, courseBody(videoId));
    expect(outside.statusCode, outside.body).toBe(200);
    expect((outside.json().data as CourseDetail).coverUrl).toBe('https://cdn.example.com/cover.jpg');
    const back = await call(
      t,
      'PUT',
      `/courses/${course.id}`,
      me,
      courseBody(videoId, { coverUrl: cover.address }),
    );
    expect((back.json().data as CourseDetail).coverUrl).toBe(cover.address);
    await expectShownAfterLinkExpiry(t, cover, course.coverUrl);
  });

  it('40000 on coverUrl for another designer’s image or a path of ours that is no image of theirs; 40400 first for their course', async () => {
    const theirs = await uploadImage(t, other);
    const videoId = await addVideo(t, me.id);
    for (const coverUrl of [theirs.link, theirs.address, '/designerapi/v1/demo-images/course.svg']) {
      expectInvalid(await call(t, 'POST', '/courses', me, courseBody(videoId, { coverUrl })), 'coverUrl');
    }
    const mine = await call(t, 'POST', '/courses', me, courseBody(videoId));
    const id = (mine.json().data as CourseDetail).id;
    const res = await call(
      t,
      'PUT',
      `/courses/${id}`,
      other,
      courseBody(videoId, { coverUrl: theirs.address }),
    );
    expect(res.json().code).toBe(40400);
  });
});
