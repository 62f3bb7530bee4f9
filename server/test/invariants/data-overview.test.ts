import type {
  AnalyticsFanPage,
  AnalyticsOverview,
  IncomeListPage,
  RankingPage,
  SalesListPage,
  VideoRow,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { type AccountsApp, createAccountsApp, someone } from '../support/calls.ts';
import { DEMO_SEEDED_AT, type TestApp } from '../support/test-app.ts';
import { historyArbitrary, writeHistory } from './history.ts';
import {
  apiGet,
  businessDay,
  dayStart,
  everyRow,
  oneRow,
  openDemo,
  plusDays,
  type Session,
} from './support.ts';

/**
 * Issue 17 item 1, every KPI of 数据概览 (`/data/data-analysis`) and the lists and rankings it
 * opens, recounted from the rows behind them (fans, fan_unfollows, ledger_entries,
 * boutique_orders, course_purchases, video_daily_stats), for the last 30 days (day buckets) and
 * 90 days (week buckets), each with its previous period:
 * - 粉丝总数 `fans.total`: fans following at the period's end (current fans who followed by then,
 *   and former fans who followed by then and left after it);
 * - 新增粉丝 `fans.new`: follows in the period (whether the fan stayed or left later);
 * - 流失粉丝 `fans.lost`: unfollows in the period; 活跃粉丝 `fans.active`: fans last active in it;
 * - 收入 `income`: Σ net of every ledger entry but withdrawals, created in the period;
 * - 销售 `sales.orders` / `sales.amount`: boutique orders not refunded and course purchases of the
 *   designer's courses, their count and Σ paid;
 * - the trend: every series (newFans, lostFans, income, orders, salesAmount) adds up to its card;
 * - the fan lists (`/analytics/fans/new|lost|active`), the income list and the sales lists
 *   (`/analytics/income/all/day`, `/analytics/sales/course|boutique/day`): their totals are the cards;
 * - 作品排行 (`/analytics/rankings/shows`, views): the videos by Σ views of their days in the
 *   period; 我的作品's views and likes of a video: Σ of all its days.
 */

interface Period {
  from: string;
  until: string;
}

/** The period of `days` ending today and the one before it, as `[from, until)` instants. */
function periodsOf(now: Date, days: number): { current: Period; previous: Period } {
  const end = businessDay(now);
  const start = plusDays(end, -(days - 1));
  return {
    current: { from: dayStart(start), until: dayStart(plusDays(end, 1)) },
    previous: { from: dayStart(plusDays(start, -days)), until: dayStart(start) },
  };
}

const within = (column: SQL, p: Period) =>
  sql`${column} >= ${p.from}::timestamptz and ${column} < ${p.until}::timestamptz`;

/** The cards of a period, from the rows. */
async function cardsFromRows(db: Database, designerId: number, p: Period) {
  return oneRow(
    db,
    sql`select
      (select count(*) from fans where designer_id = ${designerId} and followed_at < ${p.until}::timestamptz)
      + (select count(*) from fan_unfollows where designer_id = ${designerId}
           and followed_at < ${p.until}::timestamptz and unfollowed_at >= ${p.until}::timestamptz) as total,
      (select count(*) from fans where designer_id = ${designerId} and ${within(sql`followed_at`, p)})
      + (select count(*) from fan_unfollows where designer_id = ${designerId} and ${within(sql`followed_at`, p)}) as new,
      (select count(*) from fan_unfollows where designer_id = ${designerId} and ${within(sql`unfollowed_at`, p)}) as lost,
      (select count(*) from fans where designer_id = ${designerId} and ${within(sql`last_active_at`, p)}) as active,
      (select coalesce(sum(net), 0) from ledger_entries where designer_id = ${designerId}
         and kind <> 'withdrawal' and ${within(sql`created_at`, p)}) as income,
      (select count(*) from boutique_orders where designer_id = ${designerId} and state <> 'refunded'
         and ${within(sql`created_at`, p)}) as "boutiqueOrders",
      (select coalesce(sum(total), 0) from boutique_orders where designer_id = ${designerId} and state <> 'refunded'
         and ${within(sql`created_at`, p)}) as "boutiqueAmount",
      (select count(*) from course_purchases cp join courses c on c.id = cp.course_id
         where c.designer_id = ${designerId} and ${within(sql`cp.bought_at`, p)}) as "courseOrders",
      (select coalesce(sum(cp.price_paid), 0) from course_purchases cp join courses c on c.id = cp.course_id
         where c.designer_id = ${designerId} and ${within(sql`cp.bought_at`, p)}) as "courseAmount"`,
  );
}

const cardsOf = (o: AnalyticsOverview, which: 'value' | 'previous') => ({
  total: o.fans.total[which],
  new: o.fans.new[which],
  lost: o.fans.lost[which],
  active: o.fans.active[which],
  income: o.income[which],
  orders: o.sales.orders[which],
  amount: o.sales.amount[which],
});

const expectedCards = (r: Record<string, number>) => ({
  total: r.total,
  new: r.new,
  lost: r.lost,
  active: r.active,
  income: r.income,
  orders: r.boutiqueOrders! + r.courseOrders!,
  amount: r.boutiqueAmount! + r.courseAmount!,
});

async function expectOverviewAgrees(
  app: FastifyInstance,
  db: Database,
  who: Session,
  now: Date,
  days: 30 | 90,
) {
  const overview = await apiGet<AnalyticsOverview>(app, who, `/analytics/overview?days=${days}`);
  const { current, previous } = periodsOf(now, days);
  const rows = await cardsFromRows(db, who.id, current);
  expect({ days, ...cardsOf(overview, 'value') }).toEqual({ days, ...expectedCards(rows) });
  expect({ days, ...cardsOf(overview, 'previous') }).toEqual({
    days,
    ...expectedCards(await cardsFromRows(db, who.id, previous)),
  });
  const sum = (key: 'newFans' | 'lostFans' | 'income' | 'orders' | 'salesAmount') =>
    overview.trend.reduce((total, point) => total + point[key], 0);
  expect({
    newFans: sum('newFans'),
    lostFans: sum('lostFans'),
    income: sum('income'),
    orders: sum('orders'),
    salesAmount: sum('salesAmount'),
  }).toEqual({
    newFans: overview.fans.new.value,
    lostFans: overview.fans.lost.value,
    income: overview.income.value,
    orders: overview.sales.orders.value,
    salesAmount: overview.sales.amount.value,
  });
  // The lists the cards open count the same rows.
  const listed = async (type: string) =>
    (await apiGet<AnalyticsFanPage>(app, who, `/analytics/fans/${type}?days=${days}&pageSize=1`)).totalNumber;
  expect({ new: await listed('new'), lost: await listed('lost'), active: await listed('active') }).toEqual({
    new: rows.new,
    lost: rows.lost,
    active: rows.active,
  });
  const income = await apiGet<IncomeListPage>(app, who, `/analytics/income/all/day?days=${days}&pageSize=1`);
  expect(income.totals.amount).toBe(rows.income);
  const course = await apiGet<SalesListPage>(app, who, `/analytics/sales/course/day?days=${days}&pageSize=1`);
  const boutique = await apiGet<SalesListPage>(
    app,
    who,
    `/analytics/sales/boutique/day?days=${days}&pageSize=1`,
  );
  expect({ course: course.totals, boutique: boutique.totals }).toEqual({
    course: { amount: rows.courseAmount, count: rows.courseOrders },
    boutique: { amount: rows.boutiqueAmount, count: rows.boutiqueOrders },
  });
  return overview;
}

async function expectShowFiguresAgree(app: FastifyInstance, db: Database, who: Session, now: Date) {
  const { current } = periodsOf(now, 30);
  const ranking = await everyRow<RankingPage['dataList'][number]>(
    app,
    who,
    '/analytics/rankings/shows?days=30&metric=views',
  );
  const end = businessDay(now);
  const expected = await oneRow(
    db,
    sql`select count(*) as n from (select video_id from video_daily_stats where designer_id = ${who.id}
          and day between ${plusDays(end, -29)} and ${end} group by video_id having sum(views) > 0) v`,
  );
  expect(ranking.length).toBe(expected.n);
  for (const row of ranking.slice(0, 10)) {
    const views = await oneRow(
      db,
      sql`select coalesce(sum(views), 0) as views from video_daily_stats where video_id = ${row.id}
          and day between ${plusDays(end, -29)} and ${end}`,
    );
    expect({ id: row.id, views: row.value }).toEqual({ id: row.id, views: views.views });
  }
  expect(ranking.map((r) => r.value)).toEqual([...ranking.map((r) => r.value)].sort((a, b) => b - a));
  void current;
  // 我的作品: a video's views and likes are the sum of its days.
  const videos = await everyRow<VideoRow>(app, who, '/videos?status=published');
  const playedDays = await oneRow(
    db,
    sql`select count(*) as n from video_daily_stats where designer_id = ${who.id}`,
  );
  for (const video of videos.slice(0, 12)) {
    const plays = await oneRow(
      db,
      sql`select coalesce(sum(views), 0) as views, coalesce(sum(likes), 0) as likes
          from video_daily_stats where video_id = ${video.id}`,
    );
    if (playedDays.n! > 0)
      expect({ id: video.id, views: video.views, likes: video.likes }).toEqual({ id: video.id, ...plays });
  }
}

describe('demo seed: every KPI of the data overview is its rows (issue 17 item 1)', () => {
  let t: TestApp;
  let demo: Session;
  beforeAll(async () => {
    ({ t, demo } = await openDemo());
  });
  afterAll(() => t?.close());

  it('fans, income and sales cards, their trend and the lists they open, 30 and 90 days', async () => {
    const month = await expectOverviewAgrees(t.app, t.db, demo, DEMO_SEEDED_AT, 30);
    expect(month.fans.new.value).toBeGreaterThan(0);
    expect(month.income.value).toBeGreaterThan(0);
    expect(month.sales.orders.value).toBeGreaterThan(0);
    await expectOverviewAgrees(t.app, t.db, demo, DEMO_SEEDED_AT, 90);
  }, 60_000);

  it('the show ranking and 我的作品 views are the videos’ daily plays', async () => {
    await expectShowFiguresAgree(t.app, t.db, demo, DEMO_SEEDED_AT);
  }, 60_000);
});

describe('random histories: the data overview stays its rows (issue 17 item 1, property)', () => {
  let t: AccountsApp;
  let other: Session;
  beforeAll(async () => {
    t = await createAccountsApp();
    other = await someone(t, 'inv-overview-other');
  });
  afterAll(() => t?.close());

  it('after any history, every card, series, list total and ranking is its rows', async () => {
    await fc.assert(
      fc.asyncProperty(historyArbitrary, async (steps) => {
        const { me } = await writeHistory(t, other, steps);
        await expectOverviewAgrees(t.app, t.db, me, t.clock.now(), 30);
        await expectOverviewAgrees(t.app, t.db, me, t.clock.now(), 90);
        await expectShowFiguresAgree(t.app, t.db, me, t.clock.now());
      }),
      { numRuns: 5 },
    );
  }, 240_000);
});
