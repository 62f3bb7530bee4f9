import type {
  Brand,
  BrandPage,
  ListPage,
  OrderItem,
  ProductDetail,
  ProductItem,
  StockHistory,
} from '@dc/contract';
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
  t = await createTestApp({ contents: 'demo' });
  demo = await loginAs(t.app, 'demo', 'demo123456');
});
afterAll(() => t?.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeader(demo) });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf(res).data as T;
}

describe('demo seed of the boutique (issue 7: demo gets 50 products)', () => {
  it('gives demo 3 brands and 50 products with variants, most on sale', async () => {
    const brands = await get<ListPage<Brand>>('/brands');
    expect(brands.totalNumber).toBe(3);
    expect(brands.dataList.reduce((sum, b) => sum + b.productCount, 0)).toBe(50);
    const page = await get<ListPage<ProductItem>>('/products?pageSize=100');
    expect(page.totalNumber).toBe(50);
    const onSale = page.dataList.filter((p) => p.status === 'on_sale').length;
    expect(onSale).toBeGreaterThan(35);
    expect(page.dataList.every((p) => p.variantCount >= 2 || p.category === 'accessory')).toBe(true);
    const brand = await get<BrandPage>(`/brands/${brands.dataList[0]!.id}`);
    expect(brand.products.length).toBe(brands.dataList[0]!.productCount);
  });

  it('keeps stock, sales and fan counters consistent with the orders', async () => {
    const [mismatch] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from product_variants v
          where v.stock <> coalesce((select sum(delta) from stock_movements m where m.variant_id = v.id), 0)
             or v.stock < 0`,
    );
    expect(mismatch!.n).toBe(0);
    const [sales] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from products p
          where p.sales_count <> coalesce((select sum(quantity) from boutique_orders o where o.product_id = p.id), 0)`,
    );
    expect(sales!.n).toBe(0);
    const [orders] = await queryRows<{ n: number; fans: number; future: number }>(
      t.db,
      sql`select count(*)::int as n, count(fan_id)::int as fans,
                 count(*) filter (where created_at > ${NOW.toISOString()}::timestamptz)::int as future
          from boutique_orders`,
    );
    expect(orders!.n).toBeGreaterThan(500);
    expect(orders!.fans).toBe(orders!.n);
    expect(orders!.future).toBe(0);
  });

  it('a best seller shows its orders and a stock history that ends at its stock', async () => {
    const [best] = (await get<ListPage<ProductItem>>('/products?sortBy=sales&pageSize=1')).dataList;
    const detail = await get<ProductDetail>(`/products/${best!.id}`);
    expect(detail.orderCount).toBeGreaterThan(0);
    const orders = await get<ListPage<OrderItem>>(`/products/${best!.id}/orders`);
    expect(orders.totalNumber).toBe(detail.orderCount);
    const history = await get<StockHistory>(`/products/${best!.id}/stock-history?days=365`);
    expect(history.points.at(-1)!.stock).toBe(detail.stock);
    expect(history.points.every((p) => p.stock >= 0)).toBe(true);
  });
});
