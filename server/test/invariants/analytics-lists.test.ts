import {
  type DateType,
  type IncomeBucketRow,
  type IncomeListPage,
  incomeKindValues,
  type SalesBucketRow,
  type SalesListPage,
  type SalesOrder,
  type SalesOrderPage,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { type AccountsApp, createAccountsApp, someone } from '../support/calls.ts';
import { DEMO_SEEDED_AT, queryRows, type TestApp } from '../support/test-app.ts';
import { historyArbitrary, writeHistory } from './history.ts';
import {
  businessDay,
  dayStart,
  everyRow,
  everyRowAndFirstPage,
  openDemo,
  plusDays,
  type Session,
} from './support.ts';

/**
 * Issue 17 item 1, the detail lists of 数据分析 recounted from the rows (`ledger_entries`,
 * `boutique_orders`, `course_purchases`), not the daily rollups the lists read:
 * - 收入明细 (`/analytics/income/:type/:dateType`, every type — all income, or one earning kind —
 *   by day, week, month and year): one row per bucket of the period that has entries (the first and
 *   last cut to the period), each row's gross = Σ amount, fee = Σ fee, net = Σ net and entries =
 *   the count of the entries of that kind (`all`: every kind but withdrawals) created in its business
 *   days; the totals = Σ net and the count; sorted by amount, in that order;
 * - 销售明细 (`/analytics/sales/course|boutique/:dateType`): per bucket, orders = boutique orders not
 *   refunded (course: purchases of the designer's courses), quantity = Σ pieces (a purchase is one),
 *   amount = Σ paid; the totals = Σ amount and Σ orders;
 * - the orders of a bucket (`/analytics/sales/:type/:dateType/:createdAt?until=`, opened as the
 *   console opens it from a row): exactly those orders, each with its item, buyer, pieces, amount
 *   and state as the order row has them; its totals = the bucket row's orders and amount.
 */

/** The first day of the bucket holding `day`, counted here (weeks start on Monday). */
function bucketStartOf(day: string, dateType: DateType): string {
  if (dateType === 'day') return day;
  if (dateType === 'month') return `${day.slice(0, 7)}-01`;
  if (dateType === 'year') return `${day.slice(0, 4)}-01-01`;
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return plusDays(day, -sinceMonday);
}

function bucketEndOf(start: string, dateType: DateType): string {
  if (dateType === 'day') return start;
  if (dateType === 'week') return plusDays(start, 6);
  const next =
    dateType === 'month'
      ? new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 1))
      : new Date(Date.UTC(Number(start.slice(0, 4)) + 1, 0, 1));
  return plusDays(next.toISOString().slice(0, 10), -1);
}

interface Period {
  start: string;
  end: string;
}

const periodOf = (now: Date, days: number): Period => {
  const end = businessDay(now);
  return { start: plusDays(end, -(days - 1)), end };
};

/** Rows of business days summed into the period's buckets, cut to the period, newest first. */
function bucketed<T extends { day: string }, F extends Record<string, number>>(
  days: T[],
  period: Period,
  dateType: DateType,
  figures: (row: T) => F,
): Array<{ bucket: string; bucketEnd: string } & F> {
  const buckets = new Map<string, F>();
  for (const row of days) {
    if (row.day < period.start || row.day > period.end) continue;
    const start = bucketStartOf(row.day, dateType);
    const sum = buckets.get(start);
    const add = figures(row);
    buckets.set(
      start,
      sum ? (Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v + add[k]!])) as F) : { ...add },
    );
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([start, sums]) => {
      const last = bucketEndOf(start, dateType);
      return {
        bucket: start < period.start ? period.start : start,
        bucketEnd: last > period.end ? period.end : last,
        ...sums,
      };
    });
}

const within = (column: SQL, period: Period) =>
  sql`${column} >= ${dayStart(period.start)}::timestamptz and ${column} < ${dayStart(plusDays(period.end, 1))}::timestamptz`;

const dayOf = (column: SQL) => sql`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** The listings each check opens: day buckets of 30 days, weeks of 90, months of 90 and 365, years. */
const LISTINGS: Array<{ days: number; dateType: DateType }> = [
  { days: 30, dateType: 'day' },
  { days: 90, dateType: 'week' },
  { days: 90, dateType: 'month' },
  { days: 365, dateType: 'month' },
  { days: 365, dateType: 'year' },
];

async function expectIncomeListsAgree(
  app: FastifyInstance,
  db: Database,
  who: Session,
  now: Date,
  listings = LISTINGS,
) {
  const widest = periodOf(now, Math.max(...listings.map((l) => l.days)));
  const entries = (
    await queryRows<{ day: string; kind: string; gross: string; fee: string; net: string; entries: string }>(
      db,
      sql`select ${dayOf(sql`created_at`)} as day, kind, sum(amount) as gross, sum(fee) as fee, sum(net) as net,
                 count(*) as entries
          from ledger_entries where designer_id = ${who.id} and ${within(sql`created_at`, widest)}
          group by 1, 2`,
    )
  ).map((row) => ({
    day: row.day,
    kind: row.kind,
    gross: Number(row.gross),
    fee: Number(row.fee),
    net: Number(row.net),
    entries: Number(row.entries),
  }));
  let listed = 0;
  for (const { days, dateType } of listings) {
    const period = periodOf(now, days);
    for (const type of ['all', ...incomeKindValues] as const) {
      const { rows: shown, first: page } = await everyRowAndFirstPage<IncomeBucketRow, IncomeListPage>(
        app,
        who,
        `/analytics/income/${type}/${dateType}?days=${days}`,
      );
      const expected = bucketed(
        entries.filter((e) => (type === 'all' ? e.kind !== 'withdrawal' : e.kind === type)),
        period,
        dateType,
        ({ gross, fee, net, entries: n }) => ({ gross, fee, net, entries: n }),
      );
      expect({ type, dateType, days, rows: shown }).toEqual({ type, dateType, days, rows: expected });
      expect({ type, dateType, days, totals: page.totals }).toEqual({
        type,
        dateType,
        days,
        totals: {
          amount: expected.reduce((sum, row) => sum + row.net, 0),
          count: expected.reduce((sum, row) => sum + row.entries, 0),
        },
      });
      listed += shown.length;
    }
  }
  // Sorted by amount (largest first), the same rows in the order of their net.
  const { days, dateType } = listings[0]!;
  const byAmount = await everyRow<IncomeBucketRow>(
    app,
    who,
    `/analytics/income/all/${dateType}?days=${days}&sortBy=amount&order=desc`,
  );
  expect(byAmount.map((row) => row.net)).toEqual(byAmount.map((row) => row.net).sort((a, b) => b - a));
  return listed;
}

interface OrderFigures {
  id: number;
  itemId: number;
  buyer: string;
  quantity: number;
  amount: number;
  state: string;
}

/** The orders a sales list counts, made in `period` (boutique: not refunded), newest first. */
async function ordersOf(db: Database, who: Session, type: 'course' | 'boutique', period: Period) {
  const query =
    type === 'boutique'
      ? sql`select o.id, o.product_id as "itemId", o.buyer_name as buyer, o.quantity, o.total as amount, o.state,
                   ${dayOf(sql`o.created_at`)} as day, o.created_at as at
            from boutique_orders o
            where o.designer_id = ${who.id} and o.state <> 'refunded' and ${within(sql`o.created_at`, period)}`
      : sql`select cp.id, cp.course_id as "itemId", u.nickname as buyer, 1 as quantity, cp.price_paid as amount,
                   'paid' as state, ${dayOf(sql`cp.bought_at`)} as day, cp.bought_at as at
            from course_purchases cp join courses c on c.id = cp.course_id join platform_users u on u.id = cp.buyer_id
            where c.designer_id = ${who.id} and ${within(sql`cp.bought_at`, period)}`;
  const rows = await queryRows<Record<string, string | number | Date>>(
    db,
    sql`select * from (${query}) s order by s.at desc, s.id desc`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    order: {
      id: Number(row.id),
      itemId: Number(row.itemId),
      buyer: String(row.buyer),
      quantity: Number(row.quantity),
      amount: Number(row.amount),
      state: String(row.state),
    } satisfies OrderFigures,
  }));
}

const figuresOf = (o: SalesOrder): OrderFigures => ({
  id: o.id,
  itemId: o.itemId,
  buyer: o.buyer,
  quantity: o.quantity,
  amount: o.amount,
  state: o.state,
});

async function expectSalesListsAgree(
  app: FastifyInstance,
  db: Database,
  who: Session,
  now: Date,
  listings = LISTINGS,
) {
  const widest = periodOf(now, Math.max(...listings.map((l) => l.days)));
  let opened = 0;
  for (const type of ['course', 'boutique'] as const) {
    const orders = await ordersOf(db, who, type, widest);
    for (const { days, dateType } of listings) {
      const period = periodOf(now, days);
      const { rows: shown, first: page } = await everyRowAndFirstPage<SalesBucketRow, SalesListPage>(
        app,
        who,
        `/analytics/sales/${type}/${dateType}?days=${days}`,
      );
      const expected = bucketed(orders, period, dateType, ({ order }) => ({
        orders: 1,
        quantity: order.quantity,
        amount: order.amount,
      }));
      expect({ type, dateType, days, rows: shown }).toEqual({ type, dateType, days, rows: expected });
      expect({ type, dateType, days, totals: page.totals }).toEqual({
        type,
        dateType,
        days,
        totals: {
          amount: expected.reduce((sum, row) => sum + row.amount, 0),
          count: expected.reduce((sum, row) => sum + row.orders, 0),
        },
      });
      // The orders behind a row, opened from it as the console does: the newest bucket (cut at
      // today), the oldest (cut at the period's start) and the busiest.
      const busiest = shown.reduce<SalesBucketRow | undefined>(
        (a, b) => (a && a.orders >= b.orders ? a : b),
        undefined,
      );
      const open = [...new Set([shown[0], shown.at(-1), busiest])].filter((row) => row !== undefined);
      for (const row of open) {
        const url = `/analytics/sales/${type}/${dateType}/${row.bucket}?until=${row.bucketEnd}`;
        const { rows: listedOrders, first: head } = await everyRowAndFirstPage<SalesOrder, SalesOrderPage>(
          app,
          who,
          url,
        );
        const inBucket = orders
          .filter((o) => o.day >= row.bucket && o.day <= row.bucketEnd)
          .map((o) => o.order);
        expect({ url, orders: listedOrders.map(figuresOf) }).toEqual({ url, orders: inBucket });
        expect({ url, bucket: head.bucket, bucketEnd: head.bucketEnd, totals: head.totals }).toEqual({
          url,
          bucket: row.bucket,
          bucketEnd: row.bucketEnd,
          totals: { count: row.orders, amount: row.amount },
        });
        opened++;
      }
    }
  }
  return opened;
}

describe('demo seed: the income and sales detail lists are their ledger and order rows (issue 17 item 1)', () => {
  let t: TestApp;
  let demo: Session;
  beforeAll(async () => {
    ({ t, demo } = await openDemo());
  });
  afterAll(() => t?.close());

  it('收入明细: every bucket’s gross, fee, net and entries, of every source, by day, week, month and year', async () => {
    expect(await expectIncomeListsAgree(t.app, t.db, demo, DEMO_SEEDED_AT)).toBeGreaterThan(100);
  }, 60_000);

  it('销售明细 and the orders of a bucket: every bucket’s orders, pieces and amount, and the orders behind it', async () => {
    expect(await expectSalesListsAgree(t.app, t.db, demo, DEMO_SEEDED_AT)).toBeGreaterThan(15);
  }, 120_000);
});

describe('random histories: the income and sales detail lists stay their rows (issue 17 item 1, property)', () => {
  let t: AccountsApp;
  let other: Session;
  beforeAll(async () => {
    t = await createAccountsApp();
    other = await someone(t, 'inv-lists-other');
  });
  afterAll(() => t?.close());

  it('after any history of sales, refunds, rewards, withdrawals and waiting, every bucket and order is its rows', async () => {
    const listings: typeof LISTINGS = [
      { days: 30, dateType: 'day' },
      { days: 90, dateType: 'week' },
      { days: 90, dateType: 'month' },
      { days: 365, dateType: 'year' },
    ];
    await fc.assert(
      fc.asyncProperty(historyArbitrary, async (steps) => {
        const { me } = await writeHistory(t, other, steps);
        await expectIncomeListsAgree(t.app, t.db, me, t.clock.now(), listings);
        await expectSalesListsAgree(t.app, t.db, me, t.clock.now(), listings);
      }),
      { numRuns: 5 },
    );
  }, 180_000);
});
