import {
  type CourseDetail,
  type CourseItem,
  progressPercent,
  type RankingPage,
  type RankMovement,
  type UserCourseItem,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  courseChapters,
  courseLessons,
  coursePurchases,
  lessonCompletions,
} from '../../src/db/schema/index.ts';
import { type AccountsApp, createAccountsApp, PASSWORD, someone } from '../support/calls.ts';
import { DEMO_SEEDED_AT, loginAs, queryRows, type TestApp } from '../support/test-app.ts';
import { historyArbitrary, type Step, writeHistory } from './history.ts';
import {
  apiGet,
  businessDay,
  dayStart,
  everyRow,
  numbersOf,
  openDemo,
  plusDays,
  type Session,
} from './support.ts';

/**
 * Issue 17 item 1, the course rankings and the learners' figures, recounted from the purchases
 * (`course_purchases`, whose `rating` is the buyer's review) and the lesson completions
 * (`lesson_completions`), never from the rollups (`course_daily_stats`) the rankings read:
 * - 课程管理 sorted by students and by sales (`GET /courses?sortBy=students|sales`, both
 *   directions): every course once, its students = its purchases, revenue = Σ paid, in the
 *   order of those figures;
 * - the course detail: each lesson's `completions` = its completion rows;
 * - 设计师课程排行 by learners and by rating (`/analytics/rankings/designer-courses`,
 *   metric `students` | `rating`): learners = buyers who completed a lesson of the course in the
 *   period; rating = the mean stars (hundredths, half up) of the purchases made in the period
 *   and rated; every course whose value is above zero, ranked by value (ties by id), with its
 *   rank and value in the previous period of the same length and the movement between them;
 * - 用户课程排行 (`/analytics/rankings/user-courses`, metric `courses` | `spent` | `lessons`):
 *   per platform user, purchases of the designer's courses in the period, Σ paid for them, and
 *   lessons of them completed in the period — another designer's courses never count;
 * - 用户课程 (`GET /user-courses`): each purchase's price, rating, lessons completed (of its
 *   course's lessons) and lesson count; sorted by progress, in that order.
 */

interface Window {
  from: string;
  until: string;
}

/** The period of `days` ending today and the one before it, as `[from, until)` instants. */
function windowsOf(now: Date, days: number): { current: Window; previous: Window } {
  const end = businessDay(now);
  const start = plusDays(end, -(days - 1));
  return {
    current: { from: dayStart(start), until: dayStart(plusDays(end, 1)) },
    previous: { from: dayStart(plusDays(start, -days)), until: dayStart(start) },
  };
}

const inWindow = (column: SQL, w: Window) =>
  sql`${column} >= ${w.from}::timestamptz and ${column} < ${w.until}::timestamptz`;

type Values = (w: Window) => SQL;

/** `(id, value)` of a ranking's items over the rows, ranked here: value > 0, largest first, ties by id. */
async function rankedFromRows(db: Database, values: SQL) {
  const rows = (await numbersOf(db, values)).filter((row) => row.value! > 0);
  rows.sort((a, b) => b.value! - a.value! || a.id! - b.id!);
  return rows.map((row, i) => ({ id: row.id!, value: row.value!, rank: i + 1 }));
}

const movementOf = (rank: number, previous: number | null): RankMovement =>
  previous === null ? 'new' : rank < previous ? 'up' : rank > previous ? 'down' : 'same';

/** Every row of a ranking against the recount of both periods, in rank order. */
async function expectRankingAgrees(
  app: FastifyInstance,
  db: Database,
  who: Session,
  now: Date,
  path: string,
  days: number,
  values: Values,
  titles: SQL,
) {
  const shown = await everyRow<RankingPage['dataList'][number]>(app, who, `${path}&days=${days}`);
  const { current, previous } = windowsOf(now, days);
  const ranked = await rankedFromRows(db, values(current));
  const before = new Map((await rankedFromRows(db, values(previous))).map((row) => [row.id, row]));
  const titleOf = new Map(
    (await queryRows<{ id: number; title: string }>(db, titles)).map((row) => [Number(row.id), row.title]),
  );
  const expected = ranked.map((row) => {
    const then = before.get(row.id);
    return {
      rank: row.rank,
      id: row.id,
      title: titleOf.get(row.id) ?? '',
      value: row.value,
      previousRank: then?.rank ?? null,
      previousValue: then?.value ?? 0,
      movement: movementOf(row.rank, then?.rank ?? null),
    };
  });
  expect({
    path,
    days,
    rows: shown.map(({ rank, id, title, value, previousRank, previousValue, movement }) => ({
      rank,
      id,
      title,
      value,
      previousRank,
      previousValue,
      movement,
    })),
  }).toEqual({ path, days, rows: expected });
  return expected;
}

const ofDesigner = (who: Session) => sql`c.designer_id = ${who.id}`;

/** Learners of each course: buyers who completed one of its lessons in the window. */
const learners =
  (who: Session): Values =>
  (w) =>
    sql`select cp.course_id as id, count(distinct cp.buyer_id) as value
        from course_purchases cp join courses c on c.id = cp.course_id
        where ${ofDesigner(who)} and exists (
          select 1 from lesson_completions lc
          where lc.purchase_id = cp.id and ${inWindow(sql`lc.completed_at`, w)})
        group by cp.course_id`;

/** Mean stars of each course's purchases made in the window and rated, in hundredths, half up. */
const ratings =
  (who: Session): Values =>
  (w) =>
    sql`select cp.course_id as id, floor(avg(cp.rating) * 100 + 0.5) as value
        from course_purchases cp join courses c on c.id = cp.course_id
        where ${ofDesigner(who)} and cp.rating is not null and ${inWindow(sql`cp.bought_at`, w)}
        group by cp.course_id`;

const boughtBy =
  (who: Session, value: SQL): Values =>
  (w) =>
    sql`select cp.buyer_id as id, ${value} as value
        from course_purchases cp join courses c on c.id = cp.course_id
        where ${ofDesigner(who)} and ${inWindow(sql`cp.bought_at`, w)}
        group by cp.buyer_id`;

const lessonsBy =
  (who: Session): Values =>
  (w) =>
    sql`select cp.buyer_id as id, count(*) as value
        from lesson_completions lc join course_purchases cp on cp.id = lc.purchase_id
          join courses c on c.id = cp.course_id
        where ${ofDesigner(who)} and ${inWindow(sql`lc.completed_at`, w)}
        group by cp.buyer_id`;

async function expectRankingsAgree(
  app: FastifyInstance,
  db: Database,
  who: Session,
  now: Date,
  days: number,
) {
  const courseTitles = sql`select id, title from courses where designer_id = ${who.id}`;
  const userTitles = sql`select id, nickname as title from platform_users`;
  const base = '/analytics/rankings';
  return {
    learners: await expectRankingAgrees(
      app,
      db,
      who,
      now,
      `${base}/designer-courses?metric=students`,
      days,
      learners(who),
      courseTitles,
    ),
    rating: await expectRankingAgrees(
      app,
      db,
      who,
      now,
      `${base}/designer-courses?metric=rating`,
      days,
      ratings(who),
      courseTitles,
    ),
    courses: await expectRankingAgrees(
      app,
      db,
      who,
      now,
      `${base}/user-courses?metric=courses`,
      days,
      boughtBy(who, sql`count(*)`),
      userTitles,
    ),
    spent: await expectRankingAgrees(
      app,
      db,
      who,
      now,
      `${base}/user-courses?metric=spent`,
      days,
      boughtBy(who, sql`sum(cp.price_paid)`),
      userTitles,
    ),
    lessons: await expectRankingAgrees(
      app,
      db,
      who,
      now,
      `${base}/user-courses?metric=lessons`,
      days,
      lessonsBy(who),
      userTitles,
    ),
  };
}

/** 课程管理 sorted by students and by sales: the figures are the purchases, in their order. */
async function expectCourseListOrderAgrees(app: FastifyInstance, db: Database, who: Session) {
  const counted = new Map(
    (
      await numbersOf(
        db,
        sql`select c.id, count(cp.id) as students, coalesce(sum(cp.price_paid), 0) as revenue
            from courses c left join course_purchases cp on cp.course_id = c.id
            where c.designer_id = ${who.id} group by c.id`,
      )
    ).map((row) => [row.id!, row]),
  );
  for (const [sortBy, figure] of [
    ['students', 'students'],
    ['sales', 'revenue'],
  ] as const) {
    for (const order of ['desc', 'asc'] as const) {
      const listed = await everyRow<CourseItem>(app, who, `/courses?sortBy=${sortBy}&order=${order}`);
      expect(listed.map((c) => c.id).sort((a, b) => a - b)).toEqual(
        [...counted.keys()].sort((a, b) => a - b),
      );
      const shown = listed.map((c) => ({ id: c.id, value: c[figure] }));
      expect({ sortBy, order, shown }).toEqual({
        sortBy,
        order,
        shown: listed.map((c) => ({ id: c.id, value: counted.get(c.id)![figure] })),
      });
      const sorted = [...shown].sort((a, b) => (order === 'desc' ? b.value - a.value : a.value - b.value));
      expect({ sortBy, order, values: shown.map((c) => c.value) }).toEqual({
        sortBy,
        order,
        values: sorted.map((c) => c.value),
      });
    }
  }
}

/** The course detail's lessons: each one's completions are its completion rows. */
async function expectLessonCompletionsAgree(app: FastifyInstance, db: Database, who: Session) {
  const courses = await everyRow<CourseItem>(app, who, '/courses');
  for (const course of courses) {
    const detail = await apiGet<CourseDetail>(app, who, `/courses/${course.id}`);
    const shown = detail.chapters
      .flatMap((chapter) => chapter.lessons)
      .map((lesson) => ({ id: lesson.id, completions: lesson.completions }))
      .sort((a, b) => a.id - b.id);
    const counted = await numbersOf(
      db,
      sql`select l.id, (select count(*) from lesson_completions lc where lc.lesson_id = l.id) as completions
          from course_lessons l where l.course_id = ${course.id} order by l.id`,
    );
    expect({ course: course.id, lessons: shown }).toEqual({ course: course.id, lessons: counted });
  }
}

/** 用户课程: every purchase with its price, rating and progress from the rows; by progress in that order. */
async function expectUserCoursesAgree(app: FastifyInstance, db: Database, who: Session) {
  const listed = await everyRow<UserCourseItem>(app, who, '/user-courses');
  const counted = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select cp.id, cp.course_id as "courseId", cp.buyer_id as "buyerId", cp.price_paid as "pricePaid",
               cp.rating,
               (select count(*) from lesson_completions lc join course_lessons l on l.id = lc.lesson_id
                where lc.purchase_id = cp.id and l.course_id = cp.course_id) as "lessonsCompleted",
               (select count(*) from course_lessons l where l.course_id = cp.course_id) as "lessonCount"
        from course_purchases cp join courses c on c.id = cp.course_id
        where c.designer_id = ${who.id} order by cp.id`,
  );
  const expected = counted.map((row) => ({
    id: Number(row.id),
    courseId: Number(row.courseId),
    buyerId: Number(row.buyerId),
    pricePaid: Number(row.pricePaid),
    rating: row.rating === null ? null : Number(row.rating),
    lessonsCompleted: Number(row.lessonsCompleted),
    lessonCount: Number(row.lessonCount),
  }));
  const shown = listed
    .map((p) => ({
      id: p.id,
      courseId: p.course.id,
      buyerId: p.buyer.id,
      pricePaid: p.pricePaid,
      rating: p.rating,
      lessonsCompleted: p.lessonsCompleted,
      lessonCount: p.lessonCount,
    }))
    .sort((a, b) => a.id - b.id);
  expect(shown).toEqual(expected);
  // Sorted by progress, most advanced first, purchases of a course without lessons last.
  const byProgress = await everyRow<UserCourseItem>(app, who, '/user-courses?sortBy=progress&order=desc');
  const progress = byProgress.map((p) =>
    p.lessonCount === 0 ? -1 : progressPercent(p.lessonsCompleted, p.lessonCount),
  );
  expect(progress).toEqual([...progress].sort((a, b) => b - a));
  return expected;
}

describe('demo seed: course rankings and learners’ figures are their purchases and completions (issue 17 item 1)', () => {
  let t: TestApp;
  let demo: Session;
  beforeAll(async () => {
    ({ t, demo } = await openDemo());
  });
  afterAll(() => t?.close());

  it('课程管理 by students and by sales: each course’s figures are its purchases, in their order', async () => {
    await expectCourseListOrderAgrees(t.app, t.db, demo);
    await expectLessonCompletionsAgree(t.app, t.db, demo);
  }, 60_000);

  it('the course rankings by learners and rating, and the user ranking, are the purchases and completions, in rank order', async () => {
    for (const days of [30, 365]) {
      const ranked = await expectRankingsAgree(t.app, t.db, demo, DEMO_SEEDED_AT, days);
      expect({ days, learners: ranked.learners.length > 2, rated: ranked.rating.length > 2 }).toEqual({
        days,
        learners: true,
        rated: true,
      });
      expect(ranked.courses.length).toBeGreaterThan(10);
      expect(ranked.lessons.length).toBeGreaterThan(10);
    }
  }, 120_000);

  it('用户课程: every purchase’s price, rating and progress are its rows', async () => {
    const purchases = await expectUserCoursesAgree(t.app, t.db, demo);
    expect(purchases.filter((p) => p.lessonsCompleted > 0 && p.rating !== null).length).toBeGreaterThan(50);
  }, 60_000);
});

/**
 * More purchases, weeks apart, after the shared history (whose purchases are a few days apart): so
 * that a 30-day period holds some purchases and not others, and learners and ratings move between
 * the period and the one before it.
 */
const buyingArbitrary: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('purchase' as const),
        user: fc.nat(2),
        course: fc.nat(1),
        price: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
        elsewhere: fc.boolean(),
      }),
    },
    fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 5, max: 40 }) }),
  ),
  { minLength: 2, maxLength: 8 },
);

/**
 * What the platform writes after purchases: days later, lessons completed (each at some point
 * between its purchase and now) and a rating given, changed or taken back.
 */
const studyArbitrary = fc.record({
  laterDays: fc.integer({ min: 0, max: 45 }),
  steps: fc.array(
    fc.record({
      purchase: fc.nat(15),
      lessons: fc.integer({ min: 0, max: 3 }),
      /** Where between the purchase and now, in hundredths. */
      when: fc.integer({ min: 0, max: 100 }),
      rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    }),
    { minLength: 1, maxLength: 10 },
  ),
});

describe('random histories: course rankings and learners’ figures stay their rows (issue 17 item 1, property)', () => {
  let t: AccountsApp;
  let other: Session;
  beforeAll(async () => {
    t = await createAccountsApp();
    other = await someone(t, 'inv-courses-other');
  });
  afterAll(() => t?.close());

  it('after any history of purchases, lessons completed and ratings given or changed, every figure and rank is its rows', async () => {
    await fc.assert(
      fc.asyncProperty(historyArbitrary, buyingArbitrary, studyArbitrary, async (steps, buying, study) => {
        const { me: writer, courseIds } = await writeHistory(t, other, [...steps, ...buying]);
        t.clock.advance(study.laterDays * 86_400_000);
        const now = t.clock.now();
        // Signed in again: the weeks waited may be longer than a session stays idle.
        const [row] = await queryRows<{ account: string }>(
          t.db,
          sql`select account from designers where id = ${writer.id}`,
        );
        const me = { id: writer.id, token: await loginAs(t.app, row!.account, PASSWORD, true) };
        // Each of the designer's courses gets a chapter of three lessons.
        const lessonsOf = new Map<number, number[]>();
        for (const courseId of courseIds) {
          const [chapter] = await t.db
            .insert(courseChapters)
            .values({ courseId, title: '第一章', position: 0 })
            .returning({ id: courseChapters.id });
          const lessons = await t.db
            .insert(courseLessons)
            .values(
              [0, 1, 2].map((position) => ({
                courseId,
                chapterId: chapter!.id,
                title: `第 ${position + 1} 节`,
                position,
                kind: 'text' as const,
                textBody: '要点',
                durationSeconds: 600,
              })),
            )
            .returning({ id: courseLessons.id });
          lessonsOf.set(
            courseId,
            lessons.map((l) => l.id),
          );
        }
        const purchases = await queryRows<{ id: number; course_id: number; bought_at: Date | string }>(
          t.db,
          sql`select cp.id, cp.course_id, cp.bought_at from course_purchases cp
              where cp.course_id in (${sql.join(courseIds, sql`, `)}) order by cp.id`,
        );
        for (const step of purchases.length ? study.steps : []) {
          const purchase = purchases[step.purchase % purchases.length]!;
          const bought = new Date(purchase.bought_at).getTime();
          const at = new Date(bought + Math.round(((now.getTime() - bought) * step.when) / 100));
          const lessons = lessonsOf.get(Number(purchase.course_id))!.slice(0, step.lessons);
          if (lessons.length > 0)
            await t.db
              .insert(lessonCompletions)
              .values(
                lessons.map((lessonId) => ({ purchaseId: Number(purchase.id), lessonId, completedAt: at })),
              )
              .onConflictDoNothing();
          await t.db
            .update(coursePurchases)
            .set({ rating: step.rating, lastStudiedAt: lessons.length > 0 ? at : undefined })
            .where(sql`${coursePurchases.id} = ${Number(purchase.id)}`);
        }
        await expectCourseListOrderAgrees(t.app, t.db, me);
        await expectLessonCompletionsAgree(t.app, t.db, me);
        await expectRankingsAgree(t.app, t.db, me, now, 30);
        await expectRankingsAgree(t.app, t.db, me, now, 90);
        await expectUserCoursesAgree(t.app, t.db, me);
      }),
      { numRuns: 6 },
    );
  }, 180_000);
});
