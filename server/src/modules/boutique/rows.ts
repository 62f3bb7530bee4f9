import type { ProductCategory, ProductItem, ProductStatus, Variant } from '@dc/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, products, productVariants } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';

/** The columns of a product list row (the brand by a left join). */
export const productItemColumns = {
  id: products.id,
  title: products.title,
  brandId: products.brandId,
  brandName: brands.name,
  category: products.category,
  images: products.images,
  status: products.status,
  sales: products.salesCount,
  minPrice: products.minPrice,
  maxPrice: products.maxPrice,
  stock: products.totalStock,
  variantCount:
    sql<number>`(select count(*) from ${productVariants} where ${productVariants.productId} = "products"."id")`.mapWith(
      Number,
    ),
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

interface ItemRow {
  id: number;
  title: string;
  brandId: number | null;
  brandName: string | null;
  category: string;
  images: string[];
  status: string;
  sales: number;
  minPrice: number;
  maxPrice: number;
  stock: number;
  variantCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const toProductItem = (row: ItemRow): ProductItem => ({
  id: row.id,
  title: row.title,
  brandId: row.brandId,
  brandName: row.brandName,
  category: row.category as ProductCategory,
  coverUrl: row.images[0] ?? '',
  status: row.status as ProductStatus,
  sales: row.sales,
  minPrice: row.minPrice,
  maxPrice: row.maxPrice,
  stock: row.stock,
  variantCount: row.variantCount,
  createdAt: toWireDateTime(row.createdAt),
  updatedAt: toWireDateTime(row.updatedAt),
});

export const toVariant = (row: typeof productVariants.$inferSelect): Variant => ({
  id: row.id,
  size: row.size,
  color: row.color,
  sku: row.sku,
  price: row.price,
  originalPrice: row.originalPrice,
  stock: row.stock,
});

/** The designer's product (locked for update when `lock`), or 40400. */
export async function ownProduct(
  db: Database,
  designerId: number,
  id: number,
  lock = false,
): Promise<typeof products.$inferSelect> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.designerId, designerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Recomputes the product's price span and stock total from its variants. */
export async function refreshProductFigures(tx: Database, productId: number, now?: Date): Promise<void> {
  await tx
    .update(products)
    .set({
      minPrice: sql`coalesce((select min(${productVariants.price}) from ${productVariants} where ${productVariants.productId} = ${productId}), 0)`,
      maxPrice: sql`coalesce((select max(${productVariants.price}) from ${productVariants} where ${productVariants.productId} = ${productId}), 0)`,
      totalStock: sql`coalesce((select sum(${productVariants.stock}) from ${productVariants} where ${productVariants.productId} = ${productId}), 0)::int`,
      ...(now ? { updatedAt: now } : {}),
    })
    .where(eq(products.id, productId));
}
