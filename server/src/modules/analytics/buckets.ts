import {
  type bucketExportQuerySchema,
  type bucketListQuerySchema,
  type DateType,
  type IncomeBucketRow,
  type IncomeListPage,
  type IncomeListType,
  incomeKindValues,
  type ResolvedPeriod,
  type SalesBucketRow,
  type SalesItemType,
  type SalesListPage,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { totalPagesOf } from '../../http/list-page.ts';
import type { BudgetedReads } from '../../http/statistics-budget.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { clippedBucket, resolvePeriod } from './period.ts';
import { num, rowsOf } from './rows.ts';

export type BucketListQuery = z.output<typeof bucketListQuerySchema>;
export type BucketExportQuery = z.output<typeof bucketExportQuerySchema>;

const bucketSql = (dateType: DateType) =>
  sql.raw(`to_char(date_trunc('${dateType}', day::timestamp), 'YYYY-MM-DD')`);

/** Income kinds a list type covers: `all` is every entry but withdrawals, as the overview counts. */
const incomeKindFilter = (type: IncomeListType): SQL =>
  type === 'all'
    ? sql`kind <> 'withdrawal'`
    : sql`kind = ${incomeKindValues.includes(type) ? type : 'course_sale'}`;

/** Income of one source per bucket of the period, from the vault's daily rollups. */
export async function incomeBuckets(
  reads: BudgetedReads,
  designerId: number,
  type: IncomeListType,
  dateType: DateType,
  period: ResolvedPeriod,
): Promise<IncomeBucketRow[]> {
  const rows = await rowsOf<{ bucket: string; gross: string; fee: string; net: string; entries: string }>(
    reads,
    sql`select ${bucketSql(dateType)} as bucket, sum(amount) as gross, sum(fee) as fee, sum(net) as net,
               sum(entries) as entries
        from ledger_daily_rollups
        where designer_id = ${designerId} and day between ${period.start} and ${period.end}
          and ${incomeKindFilter(type)}
        group by 1 having sum(entries) <> 0`,
  );
  return rows.map((row) => ({
    ...clippedBucket(row.bucket, dateType, period.start, period.end),
    gross: num(row.gross),
    fee: num(row.fee),
    net: num(row.net),
    entries: num(row.entries),
  }));
}

/** Orders of courses or boutique products per bucket of the period, from the daily rollups. */
export async function salesBuckets(
  reads: BudgetedReads,
  designerId: number,
  type: SalesItemType,
  dateType: DateType,
  period: ResolvedPeriod,
): Promise<SalesBucketRow[]> {
  const bucket = bucketSql(dateType);
  const query =
    type === 'boutique'
      ? sql`select ${bucket} as bucket, sum(orders) as orders, sum(quantity) as quantity, sum(amount) as amount
            from boutique_daily_sales
            where designer_id = ${designerId} and day between ${period.start} and ${period.end}
            group by 1 having sum(orders) <> 0`
      : sql`select ${bucket} as bucket, sum(s.sales) as orders, sum(s.sales) as quantity, sum(s.revenue) as amount
            from course_daily_stats s join courses c on c.id = s.course_id
            where c.designer_id = ${designerId} and s.day between ${period.start} and ${period.end}
            group by 1 having sum(s.sales) <> 0`;
  const rows = await rowsOf<{ bucket: string; orders: string; quantity: string; amount: string }>(
    reads,
    query,
  );
  return rows.map((row) => ({
    ...clippedBucket(row.bucket, dateType, period.start, period.end),
    orders: num(row.orders),
    quantity: num(row.quantity),
    amount: num(row.amount),
  }));
}

/** Sorts bucket rows by bucket, amount or count (ties by bucket, newest first), in place. */
export function sortBuckets<T extends { bucket: string }>(
  rows: T[],
  sortBy: 'bucket' | 'amount' | 'count',
  order: 'asc' | 'desc',
  amountOf: (row: T) => number,
  countOf: (row: T) => number,
): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const key = sortBy === 'amount' ? amountOf : sortBy === 'count' ? countOf : null;
  return rows.sort((a, b) => {
    const primary = key ? key(a) - key(b) : a.bucket.localeCompare(b.bucket);
    return sign * (primary || a.bucket.localeCompare(b.bucket));
  });
}

function pageOf<T>(rows: T[], page: number, pageSize: number) {
  return {
    dataList: rows.slice((page - 1) * pageSize, page * pageSize),
    totalNumber: rows.length,
    totalPages: totalPagesOf(rows.length, pageSize),
  };
}

/** `GET /analytics/income/:type/:dateType`: a page of buckets and the totals of the period. */
export async function incomeListPage(
  reads: BudgetedReads,
  designerId: number,
  params: { type: IncomeListType; dateType: DateType },
  query: BucketListQuery,
  now: Date,
): Promise<IncomeListPage> {
  const period = resolvePeriod(query, now);
  const rows = sortBuckets(
    await incomeBuckets(reads, designerId, params.type, params.dateType, period),
    query.sortBy,
    query.order,
    (row) => row.net,
    (row) => row.entries,
  );
  return {
    ...pageOf(rows, query.page, query.pageSize),
    period,
    totals: {
      amount: rows.reduce((sum, row) => sum + row.net, 0),
      count: rows.reduce((sum, row) => sum + row.entries, 0),
    },
    computedAt: toWireDateTime(now),
  };
}

/** `GET /analytics/sales/:type/:dateType`: a page of buckets and the totals of the period. */
export async function salesListPage(
  reads: BudgetedReads,
  designerId: number,
  params: { type: SalesItemType; dateType: DateType },
  query: BucketListQuery,
  now: Date,
): Promise<SalesListPage> {
  const period = resolvePeriod(query, now);
  const rows = sortBuckets(
    await salesBuckets(reads, designerId, params.type, params.dateType, period),
    query.sortBy,
    query.order,
    (row) => row.amount,
    (row) => row.orders,
  );
  return {
    ...pageOf(rows, query.page, query.pageSize),
    period,
    totals: {
      amount: rows.reduce((sum, row) => sum + row.amount, 0),
      count: rows.reduce((sum, row) => sum + row.orders, 0),
    },
    computedAt: toWireDateTime(now),
  };
}
