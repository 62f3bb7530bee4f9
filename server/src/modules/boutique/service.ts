import type {
  ListPage,
  OrderItem,
  OrderState,
  ProductDetail,
  ProductItem,
  productListQuerySchema,
  productOrdersQuerySchema,
  StockHistory,
  StockReason,
} from '@dc/contract';
import { compareSizes } from '@dc/contract';
import { and, asc, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  boutiqueOrders,
  brands,
  products,
  productVariants,
  stockMovements,
  videos,
} from '../../db/schema/index.ts';
import { containsText, sumOf } from '../../db/sql-helpers.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import {
  businessDateAtOffset,
  businessDateText,
  businessDayStart,
  DAY_MS,
  HOUR_MS,
} from '../../time/business-day.ts';
import { ownProduct, productItemColumns, toProductItem, toVariant } from './rows.ts';

type ListQuery = z.output<typeof productListQuerySchema>;
type OrdersQuery = z.output<typeof productOrdersQuerySchema>;

const sortColumns = {
  createdAt: products.createdAt,
  sales: products.salesCount,
  price: products.minPrice,
  stock: products.totalStock,
} as const;

/** `GET /products`: filtered by status, brand, category, title keyword and lowest price. */
export async function listProducts(
  db: Database,
  designerId: number,
  query: ListQuery,
): Promise<ListPage<ProductItem>> {
  const where = and(
    eq(products.designerId, designerId),
    query.status ? eq(products.status, query.status) : undefined,
    query.brandId ? eq(products.brandId, query.brandId) : undefined,
    query.category ? eq(products.category, query.category) : undefined,
    query.keyword ? containsText(products.title, query.keyword) : undefined,
    query.priceMin !== undefined ? gte(products.minPrice, query.priceMin) : undefined,
    query.priceMax !== undefined ? lte(products.minPrice, query.priceMax) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, query, () =>
    db
      .select(productItemColumns)
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(direction(sortColumns[query.sortBy]), direction(products.id)),
  );
  return {
    dataList: rows.map(toProductItem),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/** `GET /products/:id`: the buyer's view plus order figures; another designer's id is 40400. */
export async function getProduct(db: Database, designerId: number, id: number): Promise<ProductDetail> {
  const product = await ownProduct(db, designerId, id);
  const [item] = await db
    .select(productItemColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id));
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  // Sizes read in size order (L before XL) whatever order they were added in; the sort is
  // stable, so the colours of one size keep their saved order.
  variants.sort((a, b) => compareSizes(a.size, b.size));
  const [brand] = product.brandId
    ? await db
        .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl, slogan: brands.slogan })
        .from(brands)
        .where(eq(brands.id, product.brandId))
    : [];
  const [video] = product.videoId
    ? await db.select({ title: videos.title }).from(videos).where(eq(videos.id, product.videoId))
    : [];
  const [figures] = await db
    .select({
      orderCount: count(),
      revenue: sumOf(sql`sum(${boutiqueOrders.total}) filter (where ${boutiqueOrders.state} <> 'refunded')`),
    })
    .from(boutiqueOrders)
    .where(eq(boutiqueOrders.productId, id));
  return {
    ...toProductItem(item!),
    images: product.images,
    videoId: product.videoId,
    videoTitle: video?.title ?? null,
    description: product.description,
    variants: variants.map(toVariant),
    brand: brand ?? null,
    orderCount: figures?.orderCount ?? 0,
    revenue: figures?.revenue ?? 0,
  };
}

/** `GET /products/:id/orders`: the product's orders, newest first (`order=asc` oldest first). */
export async function listProductOrders(
  db: Database,
  designerId: number,
  id: number,
  query: OrdersQuery,
): Promise<ListPage<OrderItem>> {
  await ownProduct(db, designerId, id);
  const where = and(
    eq(boutiqueOrders.productId, id),
    eq(boutiqueOrders.designerId, designerId),
    query.state ? eq(boutiqueOrders.state, query.state) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(boutiqueOrders).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(boutiqueOrders)
    .where(where)
    .orderBy(direction(boutiqueOrders.createdAt), direction(boutiqueOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    dataList: rows.map((row) => ({
      id: row.id,
      buyerName: row.buyerName,
      fanId: row.fanId,
      size: row.size,
      color: row.color,
      sku: row.sku,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      total: row.total,
      state: row.state as OrderState,
      createdAt: toWireDateTime(row.createdAt),
    })),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/**
 * `GET /products/:id/stock-history`: the total stock at the end of each of the last `days`
 * business days (walked back from today's level through the movements), units sold and added
 * per day, and the latest 50 movements.
 */
export async function stockHistory(
  db: Database,
  designerId: number,
  id: number,
  days: number,
  now: Date,
): Promise<StockHistory> {
  const product = await ownProduct(db, designerId, id);
  const today = businessDateAtOffset(now);
  const firstDay = businessDateAtOffset(new Date(now.getTime() - (days - 1) * DAY_MS));
  const since = businessDayStart(firstDay);
  const dayOf = businessDateText(stockMovements.at);
  const daily = await db
    .select({
      day: dayOf,
      sold: sumOf(sql`sum(-${stockMovements.delta}) filter (where ${stockMovements.reason} = 'sale')`),
      added: sumOf(sql`sum(${stockMovements.delta}) filter (where ${stockMovements.delta} > 0)`),
      net: sumOf(sql`sum(${stockMovements.delta})`),
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, id), gte(stockMovements.at, since)))
    .groupBy(dayOf);
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const points: StockHistory['points'] = [];
  let level = product.totalStock;
  for (
    let at = new Date(businessDayStart(today).getTime() + 12 * HOUR_MS);
    ;
    at = new Date(at.getTime() - DAY_MS)
  ) {
    const day = businessDateAtOffset(at);
    if (day < firstDay) break;
    const row = byDay.get(day);
    points.push({ date: day, stock: level, sold: row?.sold ?? 0, added: row?.added ?? 0 });
    level -= row?.net ?? 0;
  }
  points.reverse();
  const movements = await db
    .select({
      id: stockMovements.id,
      variantId: stockMovements.variantId,
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      at: stockMovements.at,
    })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .where(and(eq(stockMovements.productId, id), ne(stockMovements.delta, 0)))
    .orderBy(desc(stockMovements.at), desc(stockMovements.id))
    .limit(50);
  return {
    points,
    movements: movements.map((row) => ({
      ...row,
      reason: row.reason as StockReason,
      at: toWireDateTime(row.at),
    })),
  };
}
