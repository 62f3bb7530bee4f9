import type {
  AnalyticsFan,
  AnalyticsFanPage,
  AnalyticsFanSort,
  AnalyticsFanType,
  analyticsFanExportQuerySchema,
  analyticsFanListQuerySchema,
  ResolvedPeriod,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { totalPagesOf } from '../../http/list-page.ts';
import { type BudgetedReads, freshBudget } from '../../http/statistics-budget.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { instantsOf, resolvePeriod } from './period.ts';
import { num, rowsOf } from './rows.ts';

export type AnalyticsFanListQuery = z.output<typeof analyticsFanListQuerySchema>;
export type FanExportQuery = z.output<typeof analyticsFanExportQuerySchema>;

export interface FanRow {
  id: number;
  nickname: string;
  avatar: string;
  gender: string;
  source: string;
  followed_at: Date | string;
  last_active_at: Date | string | null;
  unfollowed_at: Date | string | null;
  total_spent: string | number;
  order_count: string | number;
}

/**
 * Fans following now (`fans`) and fans who left (`fan_unfollows`, keyed by their former fan id),
 * as one row set; the filters below reach each branch's index.
 */
const fanRows = (designerId: number) => sql`(
  select id, nickname, avatar, gender, source, followed_at, last_active_at,
         null::timestamptz as unfollowed_at, total_spent, order_count
  from fans where designer_id = ${designerId}
  union all
  select coalesce(fan_ref, -id), nickname, avatar, gender, source, followed_at, null::timestamptz,
         unfollowed_at, total_spent, order_count
  from fan_unfollows where designer_id = ${designerId}
) f`;

/**
 * Which fans a list type holds: new (followed in the period, whether or not they left since),
 * lost (left in the period), active (last active in the period), all (following at its end).
 * These are the rows the overview's cards count.
 */
function typeFilter(type: AnalyticsFanType, period: ResolvedPeriod): SQL {
  const { from, until } = instantsOf(period.start, period.end);
  const a = from.toISOString();
  const b = until.toISOString();
  switch (type) {
    case 'new':
      return sql`f.followed_at >= ${a} and f.followed_at < ${b}`;
    case 'lost':
      return sql`f.unfollowed_at >= ${a} and f.unfollowed_at < ${b}`;
    case 'active':
      return sql`f.last_active_at >= ${a} and f.last_active_at < ${b}`;
    default:
      return sql`f.followed_at < ${b} and (f.unfollowed_at is null or f.unfollowed_at >= ${b})`;
  }
}

const SORT_COLUMN: Record<AnalyticsFanSort, string> = {
  followedAt: 'f.followed_at',
  lastActiveAt: 'f.last_active_at',
  totalSpent: 'f.total_spent',
};

/** `order by` of a list: the sort column (empty values last), then the id the same way. */
const orderBy = (sortBy: AnalyticsFanSort, order: 'asc' | 'desc') =>
  sql.raw(`${SORT_COLUMN[sortBy]} ${order} nulls last, f.id ${order}`);

const wire = (value: Date | string) => toWireDateTime(new Date(value));

export const fanOf = (row: FanRow): AnalyticsFan => ({
  id: num(row.id),
  nickname: row.nickname,
  avatar: row.avatar,
  gender: row.gender,
  source: row.source,
  followedAt: wire(row.followed_at),
  lastActiveAt: row.last_active_at === null ? null : wire(row.last_active_at),
  unfollowedAt: row.unfollowed_at === null ? null : wire(row.unfollowed_at),
  totalSpent: num(row.total_spent),
  orderCount: num(row.order_count),
});

/** `GET /analytics/fans/:type`: a page of the fans of a type in the period. */
export async function fanListPage(
  reads: BudgetedReads,
  designerId: number,
  type: AnalyticsFanType,
  query: AnalyticsFanListQuery,
  now: Date,
): Promise<AnalyticsFanPage> {
  const period = resolvePeriod(query, now);
  const where = typeFilter(type, period);
  const [counted] = await rowsOf<{ total: string }>(
    reads,
    sql`select count(*) as total from ${fanRows(designerId)} where ${where}`,
  );
  const totalNumber = num(counted?.total);
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    offset >= totalNumber
      ? []
      : await rowsOf<FanRow>(
          reads,
          sql`select * from ${fanRows(designerId)} where ${where}
              order by ${orderBy(query.sortBy, query.order)} limit ${query.pageSize} offset ${offset}`,
        );
  return {
    dataList: rows.map(fanOf),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
    period,
    computedAt: toWireDateTime(now),
  };
}

/** Rows fetched per keyset step of an export. */
export const EXPORT_BATCH = 1000;

const keysetValue = (row: FanRow, sortBy: AnalyticsFanSort): SQL => {
  if (sortBy === 'totalSpent') return sql`${num(row.total_spent)}::bigint`;
  const value = sortBy === 'followedAt' ? row.followed_at : row.last_active_at;
  return value === null ? sql`null::timestamptz` : sql`${new Date(value).toISOString()}::timestamptz`;
};

/** Rows after `last` in the list's order (the sort column may be null: last, either way). */
function after(last: FanRow, sortBy: AnalyticsFanSort, order: 'asc' | 'desc'): SQL {
  const column = sql.raw(SORT_COLUMN[sortBy]);
  const cmp = sql.raw(order === 'asc' ? '>' : '<');
  const value = keysetValue(last, sortBy);
  const isNull = sortBy === 'lastActiveAt' && last.last_active_at === null;
  if (isNull) return sql`${column} is null and f.id ${cmp} ${num(last.id)}`;
  return sql`(${column} ${cmp} ${value} or (${column} = ${value} and f.id ${cmp} ${num(last.id)}) or ${column} is null)`;
}

/** Every fan of the list in its order, in keyset batches of `batch`: memory stays flat. */
export async function* fanBatches(
  reads: BudgetedReads,
  designerId: number,
  type: AnalyticsFanType,
  query: FanExportQuery,
  now: Date,
  batch = EXPORT_BATCH,
): AsyncGenerator<AnalyticsFan[]> {
  const where = typeFilter(type, resolvePeriod(query, now));
  let last: FanRow | undefined;
  for (;;) {
    const keyset = last ? sql` and ${after(last, query.sortBy, query.order)}` : sql``;
    const rows = await rowsOf<FanRow>(
      freshBudget(reads),
      sql`select * from ${fanRows(designerId)} where ${where}${keyset}
          order by ${orderBy(query.sortBy, query.order)} limit ${batch}`,
    );
    if (rows.length > 0) yield rows.map(fanOf);
    if (rows.length < batch) return;
    last = rows[rows.length - 1];
  }
}
