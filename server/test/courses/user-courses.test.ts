import type { ListPage, SalesTrend, UserCourseItem } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../support/calls.ts';
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

const DAY = 86_400_000;
const businessDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
/** Today 12:00 in business time (UTC+8); purchases are placed days before it. */
const NOON = new Date(`${businessDay(new Date())}T12:00:00+08:00`);
/** The business day `days` before NOON's. */
const dayBefore = (days: number) => businessDay(new Date(NOON.getTime() - days * DAY));

let t: AccountsApp;
let lin: Session;
let other: Session;
let qipao: { id: number; lessons: number[] };
let suit: { id: number; lessons: number[] };

beforeAll(async () => {
  t = await createAccountsApp();
  lin = await someone(t, 'uc_lin');
  other = await someone(t, 'uc_other');
  const video = await addVideo(t, lin.id);
  const a = await createCourse(t, lin, courseBody(video, { title: '旗袍立裁入门' }));
  const b = await createCourse(t, lin, courseBody(video, { title: '西装版型精讲' }));
  qipao = { id: a.id, lessons: a.chapters[0]!.lessons.map((l) => l.id) };
  suit = { id: b.id, lessons: b.chapters[0]!.lessons.map((l) => l.id) };
  // Buyers over the last days: progress 2/2, 1/2, 0/2 on qipao; 1/2 on suit.
  await addPurchase(t, qipao.id, {
    nickname: '小雅',
    pricePaid: 19_900,
    boughtAt: new Date(NOON.getTime() - 2 * DAY),
    completedLessonIds: qipao.lessons,
  });
  await addPurchase(t, qipao.id, {
    nickname: '阿杰',
    pricePaid: 15_900,
    boughtAt: new Date(NOON.getTime() - 2 * DAY + 3_600_000),
    completedLessonIds: [qipao.lessons[0]!],
  });
  await addPurchase(t, qipao.id, {
    nickname: 'Mia',
    pricePaid: 19_900,
    boughtAt: new Date(NOON.getTime() - 40 * DAY),
  });
  await addPurchase(t, suit.id, {
    nickname: '旗袍控',
    pricePaid: 9_900,
    boughtAt: new Date(NOON.getTime() - DAY),
    completedLessonIds: [suit.lessons[1]!],
  });
});
afterAll(() => t?.close());

const userCourses = async (who: Session, query = '') =>
  dataOf<ListPage<UserCourseItem>>(await call(t, 'GET', `/user-courses${query}`, who));

describe('issue 5 item 6: user courses (buyer, course, price paid, progress, bought at, last studied)', () => {
  it('lists purchases of the designer’s courses, newest first, with lessons completed of lessons', async () => {
    const page = await userCourses(lin);
    expect(page.totalNumber).toBe(4);
    expect(
      page.dataList.map((r) => [
        r.buyer.nickname,
        r.course.title,
        r.pricePaid,
        r.lessonsCompleted,
        r.lessonCount,
      ]),
    ).toEqual([
      ['旗袍控', '西装版型精讲', 9_900, 1, 2],
      ['阿杰', '旗袍立裁入门', 15_900, 1, 2],
      ['小雅', '旗袍立裁入门', 19_900, 2, 2],
      ['Mia', '旗袍立裁入门', 19_900, 0, 2],
    ]);
    expect(page.dataList[0]!.boughtAt).toBe(`${dayBefore(1)} 12:00:00`);
    expect(page.dataList[3]!.lastStudiedAt).toBeNull();
  });

  it('filters by course, keyword (buyer or course) and bought date range', async () => {
    expect((await userCourses(lin, `?courseId=${suit.id}`)).dataList.map((r) => r.buyer.nickname)).toEqual([
      '旗袍控',
    ]);
    expect((await userCourses(lin, '?keyword=小雅')).totalNumber).toBe(1);
    expect((await userCourses(lin, '?keyword=西装')).totalNumber).toBe(1);
    expect(
      (await userCourses(lin, `?from=${dayBefore(2)}&to=${dayBefore(2)}`)).dataList.map(
        (r) => r.buyer.nickname,
      ),
    ).toEqual(['阿杰', '小雅']);
    expect(
      (await userCourses(lin, `?from=${dayBefore(60)}&to=${dayBefore(30)}`)).dataList.map(
        (r) => r.buyer.nickname,
      ),
    ).toEqual(['Mia']);
  });

  it('sorts by progress, price paid and last studied', async () => {
    const byProgress = await userCourses(lin, '?sortBy=progress&order=desc');
    expect(byProgress.dataList[0]!.buyer.nickname).toBe('小雅');
    expect(byProgress.dataList[3]!.buyer.nickname).toBe('Mia');
    expect((await userCourses(lin, '?sortBy=pricePaid&order=asc')).dataList[0]!.buyer.nickname).toBe(
      '旗袍控',
    );
    const byStudy = await userCourses(lin, '?sortBy=lastStudiedAt&order=asc');
    expect(byStudy.dataList.at(-1)!.buyer.nickname).toBe('Mia');
  });

  it('refuses a range ending before it starts, a bad date and an unknown sort (40000)', async () => {
    expectInvalid(await call(t, 'GET', '/user-courses?from=2026-03-09&to=2026-03-01', lin), 'to');
    expectInvalid(await call(t, 'GET', '/user-courses?from=2026-02-30', lin), 'from');
    expectInvalid(await call(t, 'GET', '/user-courses?sortBy=buyer', lin), 'sortBy');
  });

  it('tenancy: another designer sees none of these purchases, even by course id', async () => {
    expect((await userCourses(other)).totalNumber).toBe(0);
    expect((await userCourses(other, `?courseId=${qipao.id}`)).totalNumber).toBe(0);
  });
});

describe('issue 5 item 6: course detail sales trend by day', () => {
  it('answers every business day of the window, oldest first, with purchases and revenue', async () => {
    const trend = dataOf<SalesTrend>(await call(t, 'GET', `/courses/${qipao.id}/sales-trend?days=7`, lin));
    expect(trend.points).toHaveLength(7);
    expect(trend.points[0]!.date).toBe(dayBefore(6));
    expect(trend.points.at(-1)!.date).toBe(dayBefore(0));
    expect(trend.points.find((p) => p.date === dayBefore(2))).toEqual({
      date: dayBefore(2),
      sales: 2,
      revenue: 35_800,
    });
    expect([trend.totalSales, trend.totalRevenue]).toEqual([2, 35_800]);
    const year = dataOf<SalesTrend>(await call(t, 'GET', `/courses/${qipao.id}/sales-trend?days=365`, lin));
    expect([year.points.length, year.totalSales]).toEqual([365, 3]);
  });

  it('refuses a window other than 7, 30, 90 or 365 days', async () => {
    expectInvalid(await call(t, 'GET', `/courses/${qipao.id}/sales-trend?days=12`, lin), 'days');
  });
});
