import type { CourseDetail, CourseItem, CourseVideoOption, ListPage } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLessons, lessonCompletions } from '../../src/db/schema/index.ts';
import { expectConflict, expectInvalid, expectNotFound } from '../support/calls.ts';
import {
  type AccountsApp,
  addPurchase,
  addVideo,
  call,
  courseBody,
  createAccountsApp,
  createCourse,
  dataOf,
  type Session,
  someone,
} from './support.ts';

let t: AccountsApp;
let lin: Session;
let other: Session;
let published: number;
beforeAll(async () => {
  t = await createAccountsApp();
  lin = await someone(t, 'course_lin');
  other = await someone(t, 'course_other');
  published = await addVideo(t, lin.id);
});
afterAll(() => t?.close());

const list = async (who: Session, query = '') =>
  dataOf<ListPage<CourseItem>>(await call(t, 'GET', `/courses${query}`, who));

describe('issue 5 item 6: create a course with two lessons and put it on sale', () => {
  it('creates a draft with its chapter and lessons in order, video duration taken from the video', async () => {
    const course = await createCourse(t, lin, courseBody(published));
    expect(course).toMatchObject({
      status: 'draft',
      price: 19_900,
      originalPrice: 29_900,
      lessonCount: 2,
      students: 0,
    });
    expect(course.chapters).toHaveLength(1);
    expect(course.chapters[0]!.lessons.map((l) => [l.title, l.kind, l.durationSeconds])).toEqual([
      ['量体要点', 'video', 300],
      ['尺寸表', 'text', 600],
    ]);
    expect(course.chapters[0]!.lessons[0]).toMatchObject({ videoId: published, videoStatus: 'published' });
  });

  it('puts it on sale; it is listed on sale; a second on-sale is 40900', async () => {
    const course = await createCourse(t, lin, courseBody(published, { title: '上架课程' }));
    const onSale = dataOf<CourseDetail>(await call(t, 'POST', `/courses/${course.id}/on-sale`, lin));
    expect(onSale.status).toBe('on_sale');
    const page = await list(lin, '?status=on_sale');
    expect(page.dataList.map((c) => c.id)).toContain(course.id);
    expectConflict(await call(t, 'POST', `/courses/${course.id}/on-sale`, lin));
  });

  it('takes it off shelf and on sale again; off shelf twice is 40900', async () => {
    const course = await createCourse(t, lin, courseBody(published, { title: '下架课程' }));
    await call(t, 'POST', `/courses/${course.id}/on-sale`, lin);
    expectConflict(
      await call(t, 'POST', `/courses/${course.id}/off-shelf`, lin).then(async (first) => {
        expect(dataOf<CourseDetail>(first).status).toBe('off_shelf');
        return call(t, 'POST', `/courses/${course.id}/off-shelf`, lin);
      }),
    );
    expect(dataOf<CourseDetail>(await call(t, 'POST', `/courses/${course.id}/on-sale`, lin)).status).toBe(
      'on_sale',
    );
  });

  it('refuses to put a course without lessons on sale (40000 on chapters)', async () => {
    const course = await createCourse(t, lin, courseBody(published, { title: '空课程', chapters: [] }));
    expectInvalid(await call(t, 'POST', `/courses/${course.id}/on-sale`, lin), 'chapters');
  });

  it('refuses on sale when a lesson video went offline since it was saved', async () => {
    const video = await addVideo(t, lin.id);
    const course = await createCourse(t, lin, courseBody(video, { title: '视频下线' }));
    await t.db.execute(`update videos set status = 'offline' where id = ${video}`);
    expectInvalid(
      await call(t, 'POST', `/courses/${course.id}/on-sale`, lin),
      'chapters.0.lessons.0.videoId',
    );
  });
});

describe('course body validation (40000 naming the field)', () => {
  const post = (body: unknown) => call(t, 'POST', '/courses', lin, body);

  it('title length, price as non-negative integer fen, original price ≥ price', async () => {
    expectInvalid(await post(courseBody(published, { title: 'x' })), 'title');
    expectInvalid(await post(courseBody(published, { title: '长'.repeat(61) })), 'title');
    expectInvalid(await post(courseBody(published, { price: -1 })), 'price');
    expectInvalid(await post(courseBody(published, { price: 9.5 })), 'price');
    expectInvalid(
      await post(courseBody(published, { price: 30_000, originalPrice: 29_900 })),
      'originalPrice',
    );
    expectInvalid(await post({ ...courseBody(published), extra: 1 }), 'extra');
  });

  it('a video lesson needs a video, a text lesson its text', async () => {
    const body = courseBody(published, {
      chapters: [
        {
          title: '章',
          lessons: [
            { title: '视频', kind: 'video' },
            { title: '文字', kind: 'text' },
          ],
        },
      ],
    });
    const res = await post(body);
    expectInvalid(res, 'chapters.0.lessons.0.videoId');
    expectInvalid(res, 'chapters.0.lessons.1.textBody');
  });

  it("a video lesson needs a published video of this designer, not another designer's", async () => {
    const uploading = await addVideo(t, lin.id, 'uploading');
    const foreign = await addVideo(t, other.id);
    expectInvalid(await post(courseBody(uploading)), 'chapters.0.lessons.0.videoId');
    expectInvalid(await post(courseBody(foreign)), 'chapters.0.lessons.0.videoId');
    expectInvalid(await post(courseBody(2_000_000_000)), 'chapters.0.lessons.0.videoId');
  });
});

describe('editing keeps lesson ids and progress', () => {
  it('PUT updates, reorders, moves a lesson to a new chapter and deletes the ones left out', async () => {
    const course = await createCourse(t, lin, courseBody(published, { title: '编辑课程' }));
    const [video, text] = course.chapters[0]!.lessons;
    const purchase = await addPurchase(t, course.id, { completedLessonIds: [video!.id, text!.id] });
    const res = await call(t, 'PUT', `/courses/${course.id}`, lin, {
      ...courseBody(published, { title: '编辑后的课程', price: 9_900 }),
      chapters: [
        {
          id: course.chapters[0]!.id,
          title: '第一章 改名',
          lessons: [{ id: text!.id, title: '尺寸表（新）', kind: 'text', textBody: '新内容' }],
        },
        { title: '第二章', lessons: [{ title: '新课时', kind: 'video', videoId: published }] },
      ],
    });
    const updated = dataOf<CourseDetail>(res);
    expect(updated).toMatchObject({ title: '编辑后的课程', price: 9_900, chapterCount: 2, lessonCount: 2 });
    expect(updated.chapters.map((c) => c.title)).toEqual(['第一章 改名', '第二章']);
    expect(updated.chapters[0]!.lessons[0]).toMatchObject({
      id: text!.id,
      title: '尺寸表（新）',
      completions: 1,
    });
    const left = await t.db
      .select()
      .from(lessonCompletions)
      .where(eq(lessonCompletions.purchaseId, purchase));
    expect(left.map((r) => r.lessonId)).toEqual([text!.id]);
  });

  it("refuses a lesson id of another course (40000 on that lesson's id)", async () => {
    const a = await createCourse(t, lin, courseBody(published, { title: '课程甲' }));
    const b = await createCourse(t, lin, courseBody(published, { title: '课程乙' }));
    const foreignLesson = b.chapters[0]!.lessons[1]!.id;
    const res = await call(t, 'PUT', `/courses/${a.id}`, lin, {
      ...courseBody(published),
      chapters: [
        { title: '章', lessons: [{ id: foreignLesson, title: '偷来的', kind: 'text', textBody: '文字' }] },
      ],
    });
    expectInvalid(res, 'chapters.0.lessons.0.id');
  });

  it('a course on sale must keep a lesson', async () => {
    const course = await createCourse(t, lin, courseBody(published, { title: '在售不可清空' }));
    await call(t, 'POST', `/courses/${course.id}/on-sale`, lin);
    expectInvalid(
      await call(t, 'PUT', `/courses/${course.id}`, lin, courseBody(published, { chapters: [] })),
      'chapters',
    );
  });

  it('PUT lesson-order moves lessons between chapters; an incomplete list is 40000', async () => {
    const course = await createCourse(
      t,
      lin,
      courseBody(published, {
        title: '排序课程',
        chapters: [
          {
            title: '一',
            lessons: [
              { title: 'A', kind: 'text', textBody: 'a' },
              { title: 'B', kind: 'text', textBody: 'b' },
            ],
          },
          { title: '二', lessons: [{ title: 'C', kind: 'text', textBody: 'c' }] },
        ],
      }),
    );
    const [one, two] = course.chapters;
    const a = one!.lessons[0]!;
    const b = one!.lessons[1]!;
    const c = two!.lessons[0]!;
    const reordered = dataOf<CourseDetail>(
      await call(t, 'PUT', `/courses/${course.id}/lesson-order`, lin, {
        chapters: [
          { id: two!.id, lessonIds: [c.id, a.id] },
          { id: one!.id, lessonIds: [b.id] },
        ],
      }),
    );
    expect(reordered.chapters.map((ch) => [ch.title, ch.lessons.map((l) => l.title)])).toEqual([
      ['二', ['C', 'A']],
      ['一', ['B']],
    ]);
    expectInvalid(
      await call(t, 'PUT', `/courses/${course.id}/lesson-order`, lin, {
        chapters: [{ id: one!.id, lessonIds: [a.id] }],
      }),
      'chapters',
    );
  });
});

describe('delete, list, detail, video options', () => {
  it('deletes a draft; a course once on sale is 40900', async () => {
    const draft = await createCourse(t, lin, courseBody(published, { title: '删除草稿' }));
    dataOf(await call(t, 'DELETE', `/courses/${draft.id}`, lin));
    expectNotFound(await call(t, 'GET', `/courses/${draft.id}`, lin));
    expect(await t.db.select().from(courseLessons).where(eq(courseLessons.courseId, draft.id))).toEqual([]);
    const sold = await createCourse(t, lin, courseBody(published, { title: '不可删除' }));
    await call(t, 'POST', `/courses/${sold.id}/on-sale`, lin);
    expectConflict(await call(t, 'DELETE', `/courses/${sold.id}`, lin));
  });

  it('lists with students, revenue and rating from purchases; filters, sorts and pages', async () => {
    const designer = await someone(t, 'course_lister');
    const video = await addVideo(t, designer.id);
    const cheap = await createCourse(
      t,
      designer,
      courseBody(video, { title: '便宜课', price: 100, originalPrice: 100 }),
    );
    const dear = await createCourse(
      t,
      designer,
      courseBody(video, { title: '贵课程', price: 50_000, originalPrice: 60_000 }),
    );
    await addPurchase(t, cheap.id, { pricePaid: 100, rating: 4 });
    await addPurchase(t, cheap.id, { pricePaid: 100, rating: 5 });
    await addPurchase(t, cheap.id, { pricePaid: 100 });
    await addPurchase(t, dear.id, { pricePaid: 45_000 });
    const all = await list(designer, '?sortBy=students');
    expect(all.totalNumber).toBe(2);
    expect(all.dataList.map((c) => [c.title, c.students, c.revenue, c.rating, c.ratingCount])).toEqual([
      ['便宜课', 3, 300, 4.5, 2],
      ['贵课程', 1, 45_000, null, 0],
    ]);
    expect((await list(designer, '?sortBy=sales')).dataList[0]!.title).toBe('贵课程');
    expect((await list(designer, '?sortBy=price&order=asc')).dataList[0]!.title).toBe('便宜课');
    expect((await list(designer, '?keyword=贵')).dataList.map((c) => c.title)).toEqual(['贵课程']);
    const paged = await list(designer, '?pageSize=1&page=2&sortBy=createdAt&order=asc');
    expect([paged.totalPages, paged.dataList[0]!.title]).toEqual([2, '贵课程']);
    expectInvalid(await call(t, 'GET', '/courses?sortBy=rating', designer), 'sortBy');
    expectInvalid(await call(t, 'GET', '/courses?status=sold', designer), 'status');
  });

  it('video options are only the designer’s published videos', async () => {
    const designer = await someone(t, 'course_videos');
    const mine = await addVideo(t, designer.id);
    await addVideo(t, designer.id, 'processing');
    const options = dataOf<CourseVideoOption[]>(await call(t, 'GET', '/courses/video-options', designer));
    expect(options.map((o) => o.id)).toEqual([mine]);
  });
});

describe('tenancy: another designer’s course is 40400 on every call', () => {
  it('GET, PUT, DELETE, on-sale, off-shelf, lesson-order, sales-trend', async () => {
    const course = await createCourse(t, lin, courseBody(published, { title: '林的课程' }));
    const id = course.id;
    expectNotFound(await call(t, 'GET', `/courses/${id}`, other));
    expectNotFound(await call(t, 'PUT', `/courses/${id}`, other, courseBody(await addVideo(t, other.id))));
    expectNotFound(await call(t, 'DELETE', `/courses/${id}`, other));
    expectNotFound(await call(t, 'POST', `/courses/${id}/on-sale`, other));
    expectNotFound(await call(t, 'POST', `/courses/${id}/off-shelf`, other));
    expectNotFound(await call(t, 'PUT', `/courses/${id}/lesson-order`, other, { chapters: [] }));
    expectNotFound(await call(t, 'GET', `/courses/${id}/sales-trend`, other));
    expect((await list(other)).dataList.map((c) => c.id)).not.toContain(id);
    expect(dataOf<CourseDetail>(await call(t, 'GET', `/courses/${id}`, lin)).status).toBe('draft');
  });

  it('without a session: 20007', async () => {
    const res = await call(t, 'GET', '/courses', null);
    expect(res.json().code).toBe(20007);
  });

  it('a malformed id is 40000 on id', async () => {
    expectInvalid(await call(t, 'GET', '/courses/abc', lin), 'id');
  });
});
