import type {
  AnalyticsFanPage,
  AnalyticsOverview,
  IncomeListPage,
  RankingPage,
  SalesListPage,
  SalesOrderPage,
} from '@dc/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boutiqueOrders, fans } from '../../src/db/schema/index.ts';
import { envelopeOf } from '../support/test-app.ts';
import { type AnalyticsApp, createAnalyticsApp, FEB } from './support.ts';

let t: AnalyticsApp;
beforeAll(async () => {
  t = await createAnalyticsApp();
});
afterAll(() => t?.close());

async function data<T>(res: LightMyRequestResponse): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf(res).data as T;
}
const get = async <T>(path: string, token?: string) => data<T>(await t.get(path, token));
const figure = (value: number, previous: number) => ({ value, previous, change: value - previous });

describe('§ issue 6 item 4: overview figures against the hand-computed answer', () => {
  it('counts fans, income and sales of 2025-02 and of the 28 days before (midnight boundaries)', async () => {
    const o = await get<AnalyticsOverview>(`/overview?${FEB}`);
    expect(o.period).toEqual({
      start: '2025-02-01',
      end: '2025-02-28',
      days: 28,
      previousStart: '2025-01-04',
      previousEnd: '2025-01-31',
    });
    expect(o.fans).toEqual({
      total: figure(4, 3),
      new: figure(3, 2),
      lost: figure(2, 1),
      active: figure(2, 1),
    });
    expect(o.income).toEqual(figure(14500, 16200));
    expect(o.sales).toEqual({ orders: figure(4, 4), amount: figure(64900, 65900) });
    expect(o.computedAt).toBe('2025-03-10 12:00:00');
  });

  it('gives a daily trend over the period whose sums are the cards', async () => {
    const o = await get<AnalyticsOverview>(`/overview?${FEB}`);
    expect(o.granularity).toBe('day');
    expect(o.trend).toHaveLength(28);
    expect(o.trend[0]).toEqual({
      bucket: '2025-02-01',
      newFans: 1,
      lostFans: 0,
      income: 18000,
      orders: 1,
      salesAmount: 9900,
    });
    expect(o.trend[27]).toEqual({
      bucket: '2025-02-28',
      newFans: 1,
      lostFans: 0,
      income: -3000,
      orders: 1,
      salesAmount: 5000,
    });
    expect(o.trend.reduce((s, p) => s + p.newFans, 0)).toBe(3);
    expect(o.trend.reduce((s, p) => s + p.salesAmount, 0)).toBe(64900);
  });

  it('reads `days` as the days ending today and defaults to 30', async () => {
    const o = await get<AnalyticsOverview>('/overview?days=7');
    expect(o.period).toMatchObject({ start: '2025-03-04', end: '2025-03-10', previousEnd: '2025-03-03' });
    const d = await get<AnalyticsOverview>('/overview');
    expect(d.period).toMatchObject({ start: '2025-02-09', end: '2025-03-10', days: 30 });
    const year = await get<AnalyticsOverview>('/overview?days=365');
    expect(year.granularity).toBe('month');
    expect(year.trend[0]?.bucket).toBe('2024-03-01');
  });

  it('follows writes through the rollups: a refund and a removed fan leave the figures', async () => {
    const [order] = await t.db.select().from(boutiqueOrders).where(eq(boutiqueOrders.total, 30000));
    await t.db.update(boutiqueOrders).set({ state: 'refunded' }).where(eq(boutiqueOrders.id, order!.id));
    await t.db.delete(fans).where(eq(fans.nickname, 'f2'));
    const o = await get<AnalyticsOverview>(`/overview?${FEB}`);
    expect(o.sales).toEqual({ orders: figure(3, 4), amount: figure(34900, 65900) });
    expect(o.fans.new.value).toBe(2);
    await t.db.update(boutiqueOrders).set({ state: 'paid' }).where(eq(boutiqueOrders.id, order!.id));
    const again = await get<AnalyticsOverview>(`/overview?${FEB}`);
    expect(again.sales.amount.value).toBe(64900);
  });
});

describe('§ issue 6 item 5: lists', () => {
  it('lists the new, lost, active and all fans the cards count', async () => {
    const names = async (type: string) =>
      (await get<AnalyticsFanPage>(`/fans/${type}?${FEB}&sortBy=followedAt&order=asc`)).dataList.map(
        (f) => f.nickname,
      );
    expect(await names('new')).toEqual(['u2', 'f3']); // f2 removed by the test above
    expect(await names('lost')).toEqual(['u1', 'u2']);
    expect(await names('active')).toEqual(['f1']);
    expect(await names('all')).toEqual(['f4', 'f1', 'f3']);
    const lost = await get<AnalyticsFanPage>(`/fans/lost?${FEB}`);
    expect(lost.dataList[0]).toMatchObject({
      nickname: 'u2',
      unfollowedAt: '2025-02-20 10:00:00',
      lastActiveAt: null,
    });
  });

  it('groups income by day and by month, cutting buckets at the period and at month ends', async () => {
    const day = await get<IncomeListPage>(`/income/all/day?${FEB}&sortBy=bucket&order=asc`);
    expect(day.dataList).toEqual([
      { bucket: '2025-02-01', bucketEnd: '2025-02-01', gross: 20000, fee: 2000, net: 18000, entries: 1 },
      { bucket: '2025-02-15', bucketEnd: '2025-02-15', gross: -500, fee: 0, net: -500, entries: 1 },
      { bucket: '2025-02-28', bucketEnd: '2025-02-28', gross: -3000, fee: 0, net: -3000, entries: 1 },
    ]);
    expect(day.totals).toEqual({ amount: 14500, count: 3 });
    const month = await get<IncomeListPage>('/income/course_sale/month?start=2025-01-15&end=2025-02-10');
    expect(month.dataList.map((r) => [r.bucket, r.bucketEnd, r.net])).toEqual([
      ['2025-02-01', '2025-02-10', 18000],
      ['2025-01-15', '2025-01-31', 9000],
    ]);
    const byAmount = await get<IncomeListPage>(`/income/all/day?${FEB}&sortBy=amount&order=desc`);
    expect(byAmount.dataList.map((r) => r.net)).toEqual([18000, -500, -3000]);
  });

  it('groups sales by week (from Monday) and lists the orders of one bucket', async () => {
    const weeks = await get<SalesListPage>(`/sales/course/week?${FEB}&sortBy=bucket&order=asc`);
    expect(weeks.dataList).toEqual([
      { bucket: '2025-02-01', bucketEnd: '2025-02-02', orders: 1, quantity: 1, amount: 9900 },
      { bucket: '2025-02-10', bucketEnd: '2025-02-16', orders: 1, quantity: 1, amount: 20000 },
      { bucket: '2025-02-24', bucketEnd: '2025-02-28', orders: 1, quantity: 1, amount: 5000 },
    ]);
    const boutique = await get<SalesListPage>(`/sales/boutique/year?${FEB}`);
    expect(boutique.dataList).toEqual([
      { bucket: '2025-02-01', bucketEnd: '2025-02-28', orders: 1, quantity: 2, amount: 30000 },
    ]);
    const orders = await get<SalesOrderPage>('/sales/course/month/2025-02-01?sortBy=amount&order=desc');
    expect(orders).toMatchObject({
      bucket: '2025-02-01',
      bucketEnd: '2025-02-28',
      totals: { count: 3, amount: 34900 },
    });
    expect(orders.dataList.map((o) => [o.itemTitle, o.buyer, o.amount])).toEqual([
      ['西装进阶', 'U1', 20000],
      ['旗袍入门', 'U2', 9900],
      ['旗袍入门', 'U3', 5000],
    ]);
    const cut = await get<SalesOrderPage>('/sales/course/month/2025-02-01?until=2025-02-10');
    expect(cut.totals).toEqual({ count: 2, amount: 29900 });
  });

  it('answers a page past the end with an empty page and the real total', async () => {
    const page = await get<AnalyticsFanPage>(`/fans/lost?${FEB}&page=9`);
    expect(page).toMatchObject({ dataList: [], totalNumber: 2, totalPages: 1 });
    const buckets = await get<IncomeListPage>(`/income/all/day?${FEB}&page=5`);
    expect(buckets).toMatchObject({ dataList: [], totalNumber: 3 });
  });

  it('exports the list as CSV with the rows of the table', async () => {
    const res = await t.get(`/fans/lost/export.csv?${FEB}&sortBy=followedAt&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('编号,昵称,性别,来源,关注时间,最近活跃,取关时间,消费(元),订单数');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['u1', 'u2']);
    const income = await t.get(`/income/all/day/export.csv?${FEB}&sortBy=bucket&order=asc`);
    expect(income.body.trim().split('\r\n').slice(1)).toEqual([
      '2025-02-01,2025-02-01,200.00,20.00,180.00,1',
      '2025-02-15,2025-02-15,-5.00,0.00,-5.00,1',
      '2025-02-28,2025-02-28,-30.00,0.00,-30.00,1',
    ]);
    const orders = await t.get('/sales/course/month/2025-02-01/export.csv');
    expect(orders.body.trim().split('\r\n')).toHaveLength(4);
  });
});

describe('§ issue 6 item 6: rankings with movement against the previous period', () => {
  const rows = (page: RankingPage) =>
    page.dataList.map((r) => [r.title, r.rank, r.previousRank, r.movement, r.value]);

  it('ranks shows by views and by completion (basis points)', async () => {
    expect(rows(await get<RankingPage>(`/rankings/shows?${FEB}&metric=views`))).toEqual([
      ['V2', 1, 2, 'up', 200],
      ['V1', 2, 1, 'down', 150],
      ['V4', 3, null, 'new', 10],
    ]);
    expect(rows(await get<RankingPage>(`/rankings/shows?${FEB}&metric=completion`))).toEqual([
      ['V4', 1, null, 'new', 10000],
      ['V1', 2, 1, 'down', 4000], // previous: V1 3333, V2 1000, V3 1000 (tie by id)
      ['V2', 3, 2, 'down', 2500],
    ]);
  });

  it('issue 10 one-statement page: page 2 continues the ranks; a page past the end is empty with the total', async () => {
    const second = await get<RankingPage>(`/rankings/shows?${FEB}&metric=views&page=2&pageSize=2`);
    expect(rows(second)).toEqual([['V4', 3, null, 'new', 10]]);
    expect([second.totalNumber, second.totalPages]).toEqual([3, 2]);
    const past = await get<RankingPage>(`/rankings/shows?${FEB}&metric=views&page=5&pageSize=2`);
    expect([past.dataList, past.totalNumber, past.totalPages]).toEqual([[], 3, 2]);
  });

  it('ranks courses by sales, revenue and rating', async () => {
    expect(rows(await get<RankingPage>(`/rankings/designer-courses?${FEB}&metric=sales`))).toEqual([
      ['旗袍入门', 1, 2, 'up', 2],
      ['西装进阶', 2, 1, 'down', 1],
    ]);
    expect(rows(await get<RankingPage>(`/rankings/designer-courses?${FEB}&metric=revenue`))).toEqual([
      ['西装进阶', 1, 1, 'same', 20000],
      ['旗袍入门', 2, 2, 'same', 14900],
    ]);
    expect(rows(await get<RankingPage>(`/rankings/designer-courses?${FEB}&metric=rating`))).toEqual([
      ['旗袍入门', 1, 1, 'same', 400],
      ['西装进阶', 2, 2, 'same', 300],
    ]);
  });

  it('ranks learners by money spent on the designer’s courses', async () => {
    expect(rows(await get<RankingPage>(`/rankings/user-courses?${FEB}&metric=spent`))).toEqual([
      ['U1', 1, 3, 'up', 20000],
      ['U2', 2, 1, 'down', 9900],
      ['U3', 3, 2, 'down', 5000],
    ]);
  });
});

describe('§ issue 6 tenancy: another designer never sees these rows', () => {
  it('gives Kai only his own fan and sale', async () => {
    const o = await get<AnalyticsOverview>(`/overview?${FEB}`, t.kai);
    expect(o.fans.new.value).toBe(1);
    expect(o.sales).toEqual({ orders: figure(1, 0), amount: figure(99900, 0) });
    expect(o.income.value).toBe(0);
    const shows = await get<RankingPage>(`/rankings/shows?${FEB}`, t.kai);
    expect(shows.totalNumber).toBe(0);
    const users = await get<RankingPage>(`/rankings/user-courses?${FEB}&metric=spent`, t.kai);
    expect(users.dataList.map((r) => r.value)).toEqual([99900]);
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/designerapi/v1/analytics/overview' });
    expect(res.statusCode).toBe(401);
  });
});

describe('§ issue 6 bad input: 40000 naming the field, never a 500', () => {
  const cases: [string, string][] = [
    ['/overview?days=31', 'days'],
    ['/overview?start=2025-01-01&end=2026-01-02', 'end'],
    ['/overview?start=2025-02-10&end=2025-02-01', 'end'],
    ['/overview?start=2025-02-10', 'end'],
    ['/overview?days=30&start=2025-01-01&end=2025-01-02', 'days'],
    ['/overview?start=2025-02-30&end=2025-03-02', 'start'],
    ['/fans/bogus', 'type'],
    ['/fans/new?sortBy=nickname', 'sortBy'],
    ['/income/all/hour', 'dateType'],
    ['/income/refund/day', 'type'],
    ['/sales/shoes/day', 'type'],
    ['/sales/course/day/2025-02-30', 'createdAt'],
    ['/rankings/shows?metric=shares', 'metric'],
    ['/fans/new?page=0', 'page'],
  ];
  it.each(cases)('%s → 40000 on %s', async (path, field) => {
    const res = await t.get(path);
    expect(res.statusCode, res.body).toBe(400);
    const body = envelopeOf(res);
    expect(body.code).toBe(40000);
    const errors = (body.data as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(errors).toContain(field);
  });
});
