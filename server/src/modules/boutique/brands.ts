import { type Brand, type BrandPage, type brandBodySchema, ErrorCode, type ListPage } from '@dc/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { brands, products } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { fieldFailure, uniqueViolation } from '../../http/failures.ts';
import { singlePage } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { sanitizeHtml } from '../../http/sanitize-html.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { recordDeletion } from '../audit/index.ts';
import { boutiqueMessages } from './messages.ts';
import { productItemColumns, toProductItem } from './rows.ts';

type Body = z.output<typeof brandBodySchema>;

export const BRANDS_MAX = 50;

const brandColumns = {
  id: brands.id,
  name: brands.name,
  logoUrl: brands.logoUrl,
  coverUrl: brands.coverUrl,
  slogan: brands.slogan,
  story: brands.story,
  createdAt: brands.createdAt,
  updatedAt: brands.updatedAt,
  // Spelled out: in a one-table select drizzle leaves column names unqualified.
  productCount:
    sql<number>`(select count(*) from ${products} where ${products.brandId} = "brands"."id")`.mapWith(Number),
};
type BrandRow = Omit<typeof brands.$inferSelect, 'designerId'> & { productCount: number };

const toBrand = (row: BrandRow): Brand => ({
  ...row,
  createdAt: toWireDateTime(row.createdAt),
  updatedAt: toWireDateTime(row.updatedAt),
});

const fieldsOf = (body: Body) => ({
  name: body.name,
  logoUrl: body.logoUrl,
  coverUrl: body.coverUrl,
  slogan: body.slogan,
  story: sanitizeHtml(body.story),
});

const duplicateName = (error: unknown): never => {
  if (uniqueViolation(error) !== undefined) {
    throw fieldFailure(ErrorCode.conflict, 'name', boutiqueMessages.brandNameTaken);
  }
  throw error;
};

/** `GET /brands`: every brand of the designer, by name, with its product count. */
export async function listBrands(db: Database, designerId: number): Promise<ListPage<Brand>> {
  const rows = await db
    .select(brandColumns)
    .from(brands)
    .where(eq(brands.designerId, designerId))
    .orderBy(asc(brands.name), asc(brands.id));
  return singlePage(rows.map(toBrand));
}

async function ownBrand(db: Database, designerId: number, id: number): Promise<Brand> {
  const [row] = await db
    .select(brandColumns)
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.designerId, designerId)));
  if (!row) throw notFound();
  return toBrand(row);
}

/** `GET /brands/:id`: the brand page with its products, on sale first, best sellers first. */
export async function getBrandPage(db: Database, designerId: number, id: number): Promise<BrandPage> {
  const brand = await ownBrand(db, designerId, id);
  const rows = await db
    .select(productItemColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.brandId, id), eq(products.designerId, designerId)))
    .orderBy(sql`(${products.status} = 'on_sale') desc`, desc(products.salesCount), desc(products.id));
  return { ...brand, products: rows.map(toProductItem) };
}

/** `POST /brands`: at most 50; names unique per designer (40900 on `name`). */
export async function createBrand(db: Database, designerId: number, body: Body, now: Date): Promise<Brand> {
  return db
    .transaction(async (tx) => {
      const existing = await tx.$count(brands, eq(brands.designerId, designerId));
      if (existing >= BRANDS_MAX)
        throw new ApiError(ErrorCode.conflict, message(boutiqueMessages.brandsAtMost, { max: BRANDS_MAX }));
      const [row] = await tx
        .insert(brands)
        .values({ designerId, ...fieldsOf(body), createdAt: now, updatedAt: now })
        .returning({ id: brands.id });
      return ownBrand(tx, designerId, row!.id);
    })
    .catch(duplicateName);
}

/** `PUT /brands/:id`: replaces the brand. */
export async function updateBrand(
  db: Database,
  designerId: number,
  id: number,
  body: Body,
  now: Date,
): Promise<Brand> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(brands)
        .set({ ...fieldsOf(body), updatedAt: now })
        .where(and(eq(brands.id, id), eq(brands.designerId, designerId)))
        .returning({ id: brands.id });
      if (!row) throw notFound();
      return ownBrand(tx, designerId, id);
    })
    .catch(duplicateName);
}

/** `DELETE /brands/:id`: refused (40900) while products carry the brand. */
export async function deleteBrand(db: Database, designerId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const brand = await ownBrand(tx, designerId, id);
    if (brand.productCount > 0) {
      throw new ApiError(
        ErrorCode.conflict,
        message(boutiqueMessages.brandInUse, { count: brand.productCount }),
      );
    }
    await tx.delete(brands).where(eq(brands.id, id));
    await recordDeletion(tx, designerId, { type: 'brand', id, label: brand.name }, new Date());
  });
}
