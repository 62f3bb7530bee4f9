import type {
  DateType,
  SalesItemType,
  SalesOrder,
  SalesOrderPage,
  salesOrderExportQuerySchema,
  salesOrderListQuerySchema,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { totalPagesOf } from '../../http/list-page.ts';
import { type BudgetedReads, freshBudget } from '../../http/statistics-budget.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { bucketLastDay, bucketOf, instantsOf } from './period.ts';
import { num, rowsOf } from './rows.ts';

export type SalesOrderQuery = z.output<typeof salesOrderListQuerySchema>;
export type SalesOrderExportQuery = z.output<typeof salesOrderExportQuerySchema>;
export interface SalesOrderParams {
  type: SalesItemType;
  dateType: DateType;
  createdAt: string;
}

interface OrderRow {
  id: number;
  item_id: number;
  item_title: string;
  buyer: string;
  quantity: number | string;
  amount: number | string;
  state: string;
  created_at: Date | string;
}

/** The days from `createdAt` to the end of its day, week, month or year (or `until`, if sooner). */
export function bucketDaysOf(params: SalesOrderParams, until?: string) {
  const last = bucketLastDay(bucketOf(params.createdAt, params.dateType), params.dateType);
  return { bucket: params.createdAt, bucketEnd: until !== undefined && until < last ? until : last };
}

/**
 * The orders a sales bucket counts: course purchases, or boutique orders not refunded, of the
 * designer, made in `[from, until)`.
 */
function orderRows(designerId: number, type: SalesItemType, from: Date, until: Date): SQL {
  const a = from.toISOString();
  const b = until.toISOString();
  return type === 'boutique'
    ? sql`(select o.id, o.product_id as item_id, p.title as item_title, o.buyer_name as buyer, o.quantity,
                  o.total as amount, o.state, o.created_at
           from boutique_orders o join products p on p.id = o.product_id
           where o.designer_id = ${designerId} and o.state <> 'refunded'
             and o.created_at >= ${a} and o.created_at < ${b}) s`
    : sql`(select cp.id, cp.course_id as item_id, c.title as item_title, u.nickname as buyer, 1 as quantity,
                  cp.price_paid as amount, 'paid' as state, cp.bought_at as created_at
           from course_purchases cp join courses c on c.id = cp.course_id
             join platform_users u on u.id = cp.buyer_id
           where c.designer_id = ${designerId} and cp.bought_at >= ${a} and cp.bought_at < ${b}) s`;
}

const orderBy = (sortBy: 'createdAt' | 'amount', order: 'asc' | 'desc') =>
  sql.raw(`${sortBy === 'amount' ? 's.amount' : 's.created_at'} ${order}, s.id ${order}`);

const orderOf = (row: OrderRow): SalesOrder => ({
  id: num(row.id),
  itemId: num(row.item_id),
  itemTitle: row.item_title,
  buyer: row.buyer,
  quantity: num(row.quantity),
  amount: num(row.amount),
  state: row.state,
  createdAt: toWireDateTime(new Date(row.created_at)),
});

/** `GET /analytics/sales/:type/:dateType/:createdAt`: the orders of one bucket, a page of them. */
export async function salesOrderPage(
  reads: BudgetedReads,
  designerId: number,
  params: SalesOrderParams,
  query: SalesOrderQuery,
  now: Date,
): Promise<SalesOrderPage> {
  const days = bucketDaysOf(params, query.until);
  const { from, until } = instantsOf(days.bucket, days.bucketEnd);
  const source = orderRows(designerId, params.type, from, until);
  const [totals] = await rowsOf<{ count: string; amount: string }>(
    reads,
    sql`select count(*) as count, coalesce(sum(s.amount), 0) as amount from ${source}`,
  );
  const totalNumber = num(totals?.count);
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    offset >= totalNumber
      ? []
      : await rowsOf<OrderRow>(
          reads,
          sql`select * from ${source} order by ${orderBy(query.sortBy, query.order)}
              limit ${query.pageSize} offset ${offset}`,
        );
  return {
    dataList: rows.map(orderOf),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
    ...days,
    totals: { count: totalNumber, amount: num(totals?.amount) },
    computedAt: toWireDateTime(now),
  };
}

/** Every order of the bucket in the list's order, in keyset batches on (sort column, id). */
export async function* salesOrderBatches(
  reads: BudgetedReads,
  designerId: number,
  params: SalesOrderParams,
  query: SalesOrderExportQuery,
  batch = 1000,
): AsyncGenerator<SalesOrder[]> {
  const days = bucketDaysOf(params, query.until);
  const { from, until } = instantsOf(days.bucket, days.bucketEnd);
  const source = orderRows(designerId, params.type, from, until);
  const cmp = sql.raw(query.order === 'asc' ? '>' : '<');
  const column = sql.raw(query.sortBy === 'amount' ? 's.amount' : 's.created_at');
  let last: OrderRow | undefined;
  for (;;) {
    const value = !last
      ? undefined
      : query.sortBy === 'amount'
        ? sql`${num(last.amount)}::bigint`
        : sql`${new Date(last.created_at).toISOString()}::timestamptz`;
    const keyset = last && value ? sql`where (${column}, s.id) ${cmp} (${value}, ${num(last.id)})` : sql``;
    const rows = await rowsOf<OrderRow>(
      freshBudget(reads),
      sql`select * from ${source} ${keyset} order by ${orderBy(query.sortBy, query.order)} limit ${batch}`,
    );
    if (rows.length > 0) yield rows.map(orderOf);
    if (rows.length < batch) return;
    last = rows[rows.length - 1];
  }
}
