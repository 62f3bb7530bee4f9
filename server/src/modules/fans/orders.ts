import type { FanOrderItem, FanOrderPage, fanOrderListQuerySchema, OrderState } from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  boutiqueOrders,
  courseLessons,
  coursePurchases,
  courses,
  lessonCompletions,
  products,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/api-error.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { findFan } from './rows.ts';

type FanOrderQuery = z.output<typeof fanOrderListQuerySchema>;

interface TradedRow {
  kind: 'product' | 'course';
  id: number;
  ref_id: number;
  title: string;
  cover_url: string;
  size: string;
  color: string;
  quantity: number;
  amount: string | number;
  state: string;
  lessons_completed: number;
  lesson_count: number;
  at: Date | string;
}

/**
 * The fan's boutique orders (by `boutique_orders.fan_id`) and, when the fan is a platform user,
 * their purchases of the designer's courses, as one row shape (UNION ALL).
 */
function tradedSql(
  designerId: number,
  fanId: number,
  platformUserId: number | null,
  kind: FanOrderQuery['kind'],
) {
  const parts: SQL[] = [];
  if (kind !== 'course') {
    parts.push(sql`select 'product' as kind, ${boutiqueOrders.id} as id, ${products.id} as ref_id,
        ${products.title} as title, coalesce(${products.images}->>0, '') as cover_url,
        ${boutiqueOrders.size} as size, ${boutiqueOrders.color} as color,
        ${boutiqueOrders.quantity} as quantity, ${boutiqueOrders.total}::bigint as amount,
        ${boutiqueOrders.state}::text as state, 0 as lessons_completed, 0 as lesson_count,
        ${boutiqueOrders.createdAt} as at
      from ${boutiqueOrders} inner join ${products} on ${products.id} = ${boutiqueOrders.productId}
      where ${boutiqueOrders.fanId} = ${fanId} and ${boutiqueOrders.designerId} = ${designerId}`);
  }
  if (kind !== 'product' && platformUserId !== null) {
    parts.push(sql`select 'course' as kind, ${coursePurchases.id} as id, ${courses.id} as ref_id,
        ${courses.title} as title, ${courses.coverUrl} as cover_url, '' as size, '' as color,
        1 as quantity, ${coursePurchases.pricePaid}::bigint as amount, '' as state,
        (select count(*)::int from ${lessonCompletions} where ${lessonCompletions.purchaseId} = ${coursePurchases.id}) as lessons_completed,
        (select count(*)::int from ${courseLessons} where ${courseLessons.courseId} = ${courses.id}) as lesson_count,
        ${coursePurchases.boughtAt} as at
      from ${coursePurchases} inner join ${courses} on ${courses.id} = ${coursePurchases.courseId}
      where ${coursePurchases.buyerId} = ${platformUserId} and ${courses.designerId} = ${designerId}`);
  }
  return parts;
}

const toItem = (row: TradedRow): FanOrderItem => {
  const base = {
    id: row.id,
    title: row.title,
    coverUrl: row.cover_url,
    at: toWireDateTime(new Date(row.at)),
  };
  if (row.kind === 'product') {
    return {
      kind: 'product',
      ...base,
      productId: row.ref_id,
      size: row.size,
      color: row.color,
      quantity: row.quantity,
      total: Number(row.amount),
      state: row.state as OrderState,
    };
  }
  return {
    kind: 'course',
    ...base,
    courseId: row.ref_id,
    pricePaid: Number(row.amount),
    lessonsCompleted: Math.min(row.lessons_completed, row.lesson_count),
    lessonCount: row.lesson_count,
  };
};

/**
 * `GET /fans/:id/orders` (traded goods, 交易商品): the fan's boutique orders and course
 * purchases, newest first (`order=asc` for oldest first), paged, with how many of each kind.
 * Another designer's fan is 40400.
 */
export async function fanOrders(
  db: Database,
  designerId: number,
  fanId: number,
  query: FanOrderQuery,
): Promise<FanOrderPage> {
  const fan = await findFan(db, designerId, fanId);
  if (!fan) throw notFound();
  const [counted] = await rowsOf<{ product: number; course: number }>(
    db,
    sql`select
      (select count(*)::int from ${boutiqueOrders} where ${boutiqueOrders.fanId} = ${fanId} and ${boutiqueOrders.designerId} = ${designerId}) as product,
      (select count(*)::int from ${coursePurchases} inner join ${courses} on ${courses.id} = ${coursePurchases.courseId}
        where ${coursePurchases.buyerId} = ${fan.platformUserId ?? 0} and ${courses.designerId} = ${designerId}) as course`,
  );
  const counts = { product: counted?.product ?? 0, course: counted?.course ?? 0 };
  const totalNumber =
    query.kind === 'product'
      ? counts.product
      : query.kind === 'course'
        ? counts.course
        : counts.product + counts.course;
  const parts = tradedSql(designerId, fanId, fan.platformUserId, query.kind);
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    totalNumber === 0 || parts.length === 0 || offset >= totalNumber
      ? []
      : await rowsOf<TradedRow>(
          db,
          sql`select * from (${sql.join(parts, sql` union all `)}) as traded
              order by at ${direction}, kind ${direction}, id ${direction}
              limit ${query.pageSize} offset ${offset}`,
        );
  return {
    dataList: rows.map(toItem),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
    counts,
  };
}
