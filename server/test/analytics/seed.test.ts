import type { AnalyticsOverview, IncomeListPage, RankingPage, SalesListPage } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  authHeader,
  createTestApp,
  DEMO_SEEDED_AT,
  envelopeOf,
  loginAs,
  queryRows,
  type TestApp,
} from '../support/test-app.ts';

/** The demo snapshot's seeding instant: the figures below are read at it. */
const NOW = DEMO_SEEDED_AT;

let t: TestApp;
let demo: string;
beforeAll(async () => {
  // Sessions are made and checked at the real time; the figures are read at NOW.
  let frozen = false;
  t = await createTestApp({ now: () => (frozen ? NOW : new Date()), contents: 'demo' });
  demo = await loginAs(t.app, 'demo', 'demo123456');
  frozen = true;
}, 120_000);
afterAll(() => t?.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeader(demo) });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf(res).data as T;
}

describe('§ data analysis on the demo seed (issue 6 items 4–7)', () => {
  it('keeps every rollup equal to the rows it sums (triggers ran through the other seeds)', async () => {
    const [drift] = await queryRows<{ fans: number; boutique: number; courses: number }>(
      t.db,
      sql`select
        (select count(*) from (
           select designer_id, (followed_at at time zone 'Asia/Shanghai')::date as day, count(*) as n from (
             select designer_id, followed_at from fans union all select designer_id, followed_at from fan_unfollows) f
           group by 1, 2
           except select designer_id, day, followed from fan_daily_rollups where followed <> 0) x)::int as fans,
        (select count(*) from (
           select designer_id, (created_at at time zone 'Asia/Shanghai')::date, count(*), sum(quantity)::int, sum(total)
           from boutique_orders where state <> 'refunded' group by 1, 2
           except select designer_id, day, orders, quantity, amount from boutique_daily_sales) x)::int as boutique,
        (select count(*) from (
           select course_id, (bought_at at time zone 'Asia/Shanghai')::date, count(*)::int, sum(price_paid)
           from course_purchases group by 1, 2
           except select course_id, day, sales, revenue from course_daily_stats) x)::int as courses`,
    );
    expect(drift).toEqual({ fans: 0, boutique: 0, courses: 0 });
  });

  it('answers the overview with seeded figures for 30 days', async () => {
    const overview = await get<AnalyticsOverview>('/analytics/overview?days=30');
    expect(overview.period).toMatchObject({ start: '2026-02-14', end: '2026-03-15', days: 30 });
    expect(overview.fans.total.value).toBeGreaterThan(10_000);
    expect(overview.fans.new.value).toBeGreaterThan(0);
    expect(overview.fans.lost.value).toBeGreaterThan(0);
    expect(overview.sales.orders.value).toBeGreaterThan(0);
    expect(overview.trend).toHaveLength(30);
    expect(overview.trend.reduce((s, p) => s + p.orders, 0)).toBe(overview.sales.orders.value);
    expect(overview.trend.reduce((s, p) => s + p.income, 0)).toBe(overview.income.value);
  });

  it('lists and ranks from the seeded rows', async () => {
    const income = await get<IncomeListPage>('/analytics/income/all/month?days=365');
    expect(income.totalNumber).toBeGreaterThan(10);
    const sales = await get<SalesListPage>('/analytics/sales/course/week?days=90');
    expect(sales.totalNumber).toBeGreaterThan(0);
    const shows = await get<RankingPage>('/analytics/rankings/shows?days=30&metric=views');
    expect(shows.totalNumber).toBeGreaterThan(5);
    expect(shows.dataList[0]).toMatchObject({ rank: 1 });
    expect(shows.dataList.some((row) => row.movement !== 'same')).toBe(true);
    const courses = await get<RankingPage>('/analytics/rankings/designer-courses?days=90&metric=revenue');
    expect(courses.totalNumber).toBeGreaterThan(0);
    const learners = await get<RankingPage>('/analytics/rankings/user-courses?days=90&metric=lessons');
    expect(learners.totalNumber).toBeGreaterThan(0);
    for (const metric of ['students', 'rating', 'sales']) {
      await get<RankingPage>(`/analytics/rankings/designer-courses?metric=${metric}`);
    }
    for (const metric of ['courses', 'spent'])
      await get<RankingPage>(`/analytics/rankings/user-courses?metric=${metric}`);
    for (const metric of ['likes', 'comments', 'completion'])
      await get<RankingPage>(`/analytics/rankings/shows?metric=${metric}`);
  });
});
