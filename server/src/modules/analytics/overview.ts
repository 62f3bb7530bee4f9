import type { AnalyticsOverview, PeriodInput, ResolvedPeriod } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { type BudgetedReads, readWithin } from '../../http/statistics-budget.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { bucketsBetween } from '../../time/business-day.ts';
import { incomeTrend } from '../vault/index.ts';
import { compared, instantsOf, resolvePeriod, trendGranularityOf } from './period.ts';
import { num, rowsOf } from './rows.ts';

type Granularity = 'day' | 'week' | 'month';

const bucketExpr = (unit: Granularity) =>
  sql.raw(`to_char(date_trunc('${unit}', day::timestamp), 'YYYY-MM-DD')`);

interface FanFigures {
  total: number;
  followed: number;
  unfollowed: number;
  active: number;
}

/** Fans following at the end of the range, new and lost in it (rollups), active in it (index). */
async function fanFigures(
  reads: BudgetedReads,
  designerId: number,
  start: string,
  end: string,
): Promise<FanFigures> {
  const [rollup] = await rowsOf<{ total: string; followed: string; unfollowed: string }>(
    reads,
    sql`select coalesce(sum(followed - unfollowed), 0) as total,
               coalesce(sum(followed) filter (where day >= ${start}), 0) as followed,
               coalesce(sum(unfollowed) filter (where day >= ${start}), 0) as unfollowed
        from fan_daily_rollups where designer_id = ${designerId} and day <= ${end}`,
  );
  const { from, until } = instantsOf(start, end);
  const [active] = await rowsOf<{ active: string }>(
    reads,
    sql`select count(*) as active from fans where designer_id = ${designerId}
        and last_active_at >= ${from.toISOString()} and last_active_at < ${until.toISOString()}`,
  );
  return {
    total: num(rollup?.total),
    followed: num(rollup?.followed),
    unfollowed: num(rollup?.unfollowed),
    active: num(active?.active),
  };
}

/** Orders and their amount (fen) of courses and boutique products, per bucket of the range. */
async function salesByBucket(
  reads: BudgetedReads,
  designerId: number,
  start: string,
  end: string,
  unit: Granularity,
) {
  const bucket = bucketExpr(unit);
  return rowsOf<{ bucket: string; orders: string; amount: string }>(
    reads,
    sql`select ${bucket} as bucket, sum(orders) as orders, sum(amount) as amount from (
          select day, orders, amount from boutique_daily_sales
          where designer_id = ${designerId} and day between ${start} and ${end}
          union all
          select s.day, s.sales, s.revenue from course_daily_stats s join courses c on c.id = s.course_id
          where c.designer_id = ${designerId} and s.day between ${start} and ${end}
        ) sales group by 1`,
  );
}

async function fansByBucket(
  reads: BudgetedReads,
  designerId: number,
  start: string,
  end: string,
  unit: Granularity,
) {
  return rowsOf<{ bucket: string; followed: string; unfollowed: string }>(
    reads,
    sql`select ${bucketExpr(unit)} as bucket, sum(followed) as followed, sum(unfollowed) as unfollowed
        from fan_daily_rollups where designer_id = ${designerId} and day between ${start} and ${end}
        group by 1`,
  );
}

const totalOf = (rows: { orders: string; amount: string }[]) => ({
  orders: rows.reduce((sum, row) => sum + num(row.orders), 0),
  amount: rows.reduce((sum, row) => sum + num(row.amount), 0),
});

/**
 * `GET /analytics/overview`: fans (following at the end, new, lost, active), income (net of
 * every ledger entry but withdrawals, as the vault counts it) and sales (course purchases and
 * boutique orders not refunded) of the period and the previous one, with the trend per bucket.
 */
export async function analyticsOverview(
  reads: BudgetedReads,
  designerId: number,
  query: PeriodInput,
  now: Date,
): Promise<AnalyticsOverview> {
  const period: ResolvedPeriod = resolvePeriod(query, now);
  const { start, end, previousStart, previousEnd } = period;
  const granularity = trendGranularityOf(period.days);
  const [fans, previousFans, income, previousIncome, sales, previousSales, fanTrend] = await Promise.all([
    fanFigures(reads, designerId, start, end),
    fanFigures(reads, designerId, previousStart, previousEnd),
    readWithin(reads, (db) => incomeTrend(db, designerId, { start, end, granularity }, now)),
    readWithin(reads, (db) =>
      incomeTrend(db, designerId, { start: previousStart, end: previousEnd, granularity: 'month' }, now),
    ),
    salesByBucket(reads, designerId, start, end, granularity),
    salesByBucket(reads, designerId, previousStart, previousEnd, 'month'),
    fansByBucket(reads, designerId, start, end, granularity),
  ]);
  const salesNow = totalOf(sales);
  const salesBefore = totalOf(previousSales);
  const salesAt = new Map(sales.map((row) => [row.bucket, row]));
  const fansAt = new Map(fanTrend.map((row) => [row.bucket, row]));
  const incomeAt = new Map(income.buckets.map((row) => [row.bucket, row.income]));
  const trend = bucketsBetween(start, end, granularity).map((bucket) => ({
    bucket,
    newFans: num(fansAt.get(bucket)?.followed),
    lostFans: num(fansAt.get(bucket)?.unfollowed),
    income: incomeAt.get(bucket) ?? 0,
    orders: num(salesAt.get(bucket)?.orders),
    salesAmount: num(salesAt.get(bucket)?.amount),
  }));
  return {
    period,
    fans: {
      total: compared(fans.total, previousFans.total),
      new: compared(fans.followed, previousFans.followed),
      lost: compared(fans.unfollowed, previousFans.unfollowed),
      active: compared(fans.active, previousFans.active),
    },
    income: compared(income.total, previousIncome.total),
    sales: {
      orders: compared(salesNow.orders, salesBefore.orders),
      amount: compared(salesNow.amount, salesBefore.amount),
    },
    granularity,
    trend,
    computedAt: toWireDateTime(now),
  };
}
