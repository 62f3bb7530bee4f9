import type {
  CourseDetail,
  CourseItem,
  ProductDetail,
  ProductItem,
  RankingPage,
  SalesTrend,
  StockHistory,
} from '@dc/contract';
import { sql } from 'drizzle-orm';
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
  numbersOf,
  openDemo,
  plusDays,
  type Session,
} from './support.ts';

/**
 * Issue 17 item 1, figures of 课程管理, 课程排行 and 商家精品, recounted from the rows:
 * - course list and detail (`GET /courses`, `/courses/:id`): `students` = its purchases,
 *   `revenue` = Σ price paid, `ratingCount` = purchases rated, `rating` = their mean to one decimal;
 * - a course's sales trend (`/courses/:id/sales-trend?days=30`): the purchases of those business
 *   days, per day and in total;
 * - the designer-course ranking (`/analytics/rankings/designer-courses`, sales and revenue, last
 *   30 days): every course with purchases then, by value (ties by id), value = count / Σ paid;
 * - product list and detail (`GET /products`, `/products/:id`): `stock` = Σ its variants' stock,
 *   each variant's stock = Σ its stock movements, `sales` = Σ pieces ordered (any state: a refund
 *   puts nothing back on the shelf), min/max price and variant count from the variants, detail
 *   `orderCount` = its orders and `revenue` = Σ total of those not refunded; the stock history's
 *   last point = `stock`;
 * - the vault's side of each sale: Σ net of a course's `course_sale` entries = Σ (paid − 10 % fee)
 *   of its paid purchases; Σ net of a product's `boutique_sale` and `refund` entries = Σ (total −
 *   fee) of its orders not refunded (a refunded order's sale is cancelled by a refund entry).
 */

async function expectCourseFiguresAgree(app: FastifyInstance, db: Database, who: Session, now: Date) {
  const listed = await everyRow<CourseItem>(app, who, '/courses?sortBy=createdAt');
  const counted = await numbersOf(
    db,
    sql`select c.id, count(cp.id) as students, coalesce(sum(cp.price_paid), 0) as revenue,
               count(cp.rating) as "ratingCount", coalesce(round(avg(cp.rating)::numeric, 1), -1) as rating,
               coalesce(sum(cp.price_paid - floor((cp.price_paid * 10 + 50) / 100)) filter (where cp.price_paid > 0), 0)
                 as "paidNet",
               (select coalesce(sum(e.net), 0) from ledger_entries e
                where e.designer_id = c.designer_id and e.kind = 'course_sale'
                  and e.source_type = 'course' and e.source_id = c.id) as "ledgerNet"
        from courses c left join course_purchases cp on cp.course_id = c.id
        where c.designer_id = ${who.id} group by c.id order by c.id`,
  );
  const shown = listed
    .map((c) => ({
      id: c.id,
      students: c.students,
      revenue: c.revenue,
      ratingCount: c.ratingCount,
      rating: c.rating ?? -1,
    }))
    .sort((a, b) => a.id - b.id);
  expect(shown).toEqual(counted.map(({ ledgerNet: _l, paidNet: _p, ...figures }) => figures));
  // The vault booked each paid purchase once, net of the platform's fee.
  expect(counted.map((c) => ({ id: c.id, net: c.ledgerNet }))).toEqual(
    counted.map((c) => ({ id: c.id, net: c.paidNet })),
  );
  const today = businessDay(now);
  const first = plusDays(today, -29);
  for (const course of listed.slice(0, 6)) {
    const detail = await apiGet<CourseDetail>(app, who, `/courses/${course.id}`);
    expect({ students: detail.students, revenue: detail.revenue }).toEqual({
      students: course.students,
      revenue: course.revenue,
    });
    const trend = await apiGet<SalesTrend>(app, who, `/courses/${course.id}/sales-trend?days=30`);
    const perDay = await numbersOf(
      db,
      sql`select count(*) as sales, coalesce(sum(price_paid), 0) as revenue from course_purchases
          where course_id = ${course.id} and bought_at >= ${dayStart(first)}::timestamptz
            and bought_at < ${dayStart(plusDays(today, 1))}::timestamptz`,
    );
    expect({ sales: trend.totalSales, revenue: trend.totalRevenue }).toEqual(perDay[0]);
    expect(trend.points.reduce((sum, p) => sum + p.sales, 0)).toBe(trend.totalSales);
  }
  for (const metric of ['sales', 'revenue'] as const) {
    const ranking = await everyRow<RankingPage['dataList'][number]>(
      app,
      who,
      `/analytics/rankings/designer-courses?days=30&metric=${metric}`,
    );
    const value = metric === 'sales' ? sql`count(*)` : sql`sum(cp.price_paid)`;
    const expected = await numbersOf(
      db,
      sql`select id, value, row_number() over (order by value desc, id) as rank from (
            select c.id, ${value} as value from course_purchases cp join courses c on c.id = cp.course_id
            where c.designer_id = ${who.id} and cp.bought_at >= ${dayStart(first)}::timestamptz
              and cp.bought_at < ${dayStart(plusDays(today, 1))}::timestamptz
            group by c.id) v where value > 0 order by rank`,
    );
    expect({ metric, rows: ranking.map((r) => ({ id: r.id, value: r.value, rank: r.rank })) }).toEqual({
      metric,
      rows: expected,
    });
  }
  return listed;
}

async function expectProductFiguresAgree(app: FastifyInstance, db: Database, who: Session) {
  const listed = await everyRow<ProductItem>(app, who, '/products?sortBy=createdAt');
  const counted = await numbersOf(
    db,
    sql`select p.id,
               (select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id) as stock,
               (select coalesce(sum(o.quantity), 0) from boutique_orders o where o.product_id = p.id) as sales,
               (select min(v.price) from product_variants v where v.product_id = p.id) as "minPrice",
               (select max(v.price) from product_variants v where v.product_id = p.id) as "maxPrice",
               (select count(*) from product_variants v where v.product_id = p.id) as "variantCount"
        from products p where p.designer_id = ${who.id} order by p.id`,
  );
  expect(
    listed
      .map(({ id, stock, sales, minPrice, maxPrice, variantCount }) => ({
        id,
        stock,
        sales,
        minPrice,
        maxPrice,
        variantCount,
      }))
      .sort((a, b) => a.id - b.id),
  ).toEqual(counted);
  // Each variant's stock is what its movements add up to.
  const drift = await numbersOf(
    db,
    sql`select v.id, v.stock, coalesce((select sum(m.delta) from stock_movements m where m.variant_id = v.id), 0) as moved
        from product_variants v join products p on p.id = v.product_id
        where p.designer_id = ${who.id}
          and v.stock <> coalesce((select sum(m.delta) from stock_movements m where m.variant_id = v.id), 0)
        order by v.id limit 5`,
  );
  expect(drift).toEqual([]);
  // Every sale moved the stock once, by its pieces.
  const unmatched = await numbersOf(
    db,
    sql`select p.id,
               (select count(*) from boutique_orders o where o.product_id = p.id) as orders,
               (select count(*) from stock_movements m where m.product_id = p.id and m.reason = 'sale') as movements,
               (select coalesce(sum(quantity), 0) from boutique_orders o where o.product_id = p.id) as pieces,
               (select coalesce(-sum(delta), 0) from stock_movements m where m.product_id = p.id and m.reason = 'sale') as moved
        from products p where p.designer_id = ${who.id}`,
  );
  expect(unmatched.filter((p) => p.orders !== p.movements || p.pieces !== p.moved).slice(0, 5)).toEqual([]);
  // The vault's income of each product is its orders' not refunded, net of the fee.
  const vault = await numbersOf(
    db,
    sql`select p.id,
               (select coalesce(sum(e.net), 0) from ledger_entries e where e.designer_id = p.designer_id
                  and e.source_type = 'product' and e.source_id = p.id and e.kind in ('boutique_sale', 'refund')) as booked,
               (select coalesce(sum(o.total - floor((o.total * 10 + 50) / 100)), 0) from boutique_orders o
                  where o.product_id = p.id and o.state <> 'refunded') as ordered
        from products p where p.designer_id = ${who.id}`,
  );
  expect(vault.filter((p) => p.booked !== p.ordered).slice(0, 5)).toEqual([]);
  const sample = listed.filter((p) => p.sales > 0).slice(0, 4);
  for (const product of [...sample, ...listed.filter((p) => p.sales === 0).slice(0, 1)]) {
    const detail = await apiGet<ProductDetail>(app, who, `/products/${product.id}`);
    const [orders] = await numbersOf(
      db,
      sql`select count(*) as "orderCount", coalesce(sum(total) filter (where state <> 'refunded'), 0) as revenue
          from boutique_orders where product_id = ${product.id}`,
    );
    expect({ id: product.id, orderCount: detail.orderCount, revenue: detail.revenue }).toEqual({
      id: product.id,
      ...orders,
    });
    expect(detail.variants.reduce((sum, v) => sum + v.stock, 0)).toBe(product.stock);
    const history = await apiGet<StockHistory>(app, who, `/products/${product.id}/stock-history?days=30`);
    expect(history.points.at(-1)?.stock).toBe(product.stock);
  }
  return listed;
}

describe('demo seed: course and product figures are their purchases, orders and variants (issue 17 item 1)', () => {
  let t: TestApp;
  let demo: Session;
  beforeAll(async () => {
    ({ t, demo } = await openDemo());
  });
  afterAll(() => t?.close());

  it('courses: students, revenue, ratings, sales trend, ranking and vault income are the purchases', async () => {
    const courses = await expectCourseFiguresAgree(t.app, t.db, demo, DEMO_SEEDED_AT);
    expect(courses.some((c) => c.students > 0 && c.rating !== null)).toBe(true);
  }, 60_000);

  it('products: stock, sales, prices, order figures and vault income are the variants and orders', async () => {
    const products = await expectProductFiguresAgree(t.app, t.db, demo);
    expect(products.filter((p) => p.sales > 0).length).toBeGreaterThan(5);
  }, 60_000);
});

describe('random histories: course and product figures stay their rows (issue 17 item 1, property)', () => {
  let t: AccountsApp;
  let other: Session;
  beforeAll(async () => {
    t = await createAccountsApp();
    other = await someone(t, 'inv-sales-other');
  });
  afterAll(() => t?.close());

  it('after any history of orders, purchases and stock edits, every figure is its rows', async () => {
    await fc.assert(
      fc.asyncProperty(historyArbitrary, async (steps) => {
        const { me } = await writeHistory(t, other, steps);
        await expectCourseFiguresAgree(t.app, t.db, me, t.clock.now());
        await expectProductFiguresAgree(t.app, t.db, me);
        await expectCourseFiguresAgree(t.app, t.db, other, t.clock.now());
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
