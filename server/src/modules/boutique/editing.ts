import { ErrorCode, type ProductStatus, type productBodySchema } from '@dc/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import { brands, products, productVariants, stockMovements, videos } from '../../db/schema/index.ts';
import { ApiError, notFound, validationError } from '../../http/api-error.ts';
import { fieldFailure, invalidField, uniqueViolation } from '../../http/failures.ts';
import { sanitizeHtml } from '../../http/sanitize-html.ts';
import { recordDeletion } from '../audit/index.ts';
import { boutiqueMessages } from './messages.ts';
import { ownProduct, refreshProductFigures } from './rows.ts';

type Body = z.output<typeof productBodySchema>;
type VariantBody = Body['variants'][number];

/** The brand and video must be the designer's own (40000 on the field otherwise). */
async function checkReferences(tx: Database, designerId: number, body: Body): Promise<void> {
  if (body.brandId !== null) {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, body.brandId), eq(brands.designerId, designerId)));
    if (!brand) throw invalidField('brandId', boutiqueMessages.noSuchBrand);
  }
  if (body.videoId !== null) {
    const [video] = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, body.videoId), eq(videos.designerId, designerId)));
    if (!video) throw invalidField('videoId', boutiqueMessages.noSuchVideo);
  }
}

/** 40900 on `variants.N.sku` when another product of the designer already uses that SKU. */
async function checkSkusFree(tx: Database, designerId: number, variants: VariantBody[], productId?: number) {
  const taken = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.designerId, designerId),
        inArray(
          sql`upper(${productVariants.sku})`,
          variants.map((v) => v.sku.toUpperCase()),
        ),
        productId === undefined ? undefined : sql`${productVariants.productId} <> ${productId}`,
      ),
    );
  if (taken.length === 0) return;
  const used = new Set(taken.map((row) => row.sku.toUpperCase()));
  const index = variants.findIndex((v) => used.has(v.sku.toUpperCase()));
  throw fieldFailure(ErrorCode.conflict, `variants.${index}.sku`, boutiqueMessages.skuUsed);
}

/** A unique violation on the SKU index as a 40900 (two writes racing past checkSkusFree). */
function skuConflict(error: unknown): never {
  if (uniqueViolation(error) !== undefined) {
    throw fieldFailure(ErrorCode.conflict, 'variants', boutiqueMessages.variantTaken);
  }
  throw error;
}

const productFields = (body: Body) => ({
  title: body.title,
  brandId: body.brandId,
  category: body.category,
  images: body.images,
  videoId: body.videoId,
  description: sanitizeHtml(body.description),
});

const variantFields = (variant: VariantBody, position: number) => ({
  size: variant.size,
  color: variant.color,
  sku: variant.sku,
  price: variant.price,
  originalPrice: variant.originalPrice,
  position,
});

/** `POST /products`: a draft (or the given status) with its variants and their opening stock. */
export async function createProduct(db: Database, designerId: number, body: Body, now: Date) {
  return db
    .transaction(async (tx) => {
      await checkReferences(tx, designerId, body);
      await checkSkusFree(tx, designerId, body.variants);
      const [product] = await tx
        .insert(products)
        .values({
          designerId,
          ...productFields(body),
          status: body.status ?? 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      const id = product!.id;
      const inserted = await tx
        .insert(productVariants)
        .values(
          body.variants.map((variant, position) => ({
            productId: id,
            designerId,
            ...variantFields(variant, position),
            stock: variant.stock,
          })),
        )
        .returning({ id: productVariants.id, stock: productVariants.stock });
      const opening = inserted.filter((v) => v.stock > 0);
      if (opening.length > 0) {
        await tx.insert(stockMovements).values(
          opening.map((v) => ({
            productId: id,
            variantId: v.id,
            delta: v.stock,
            stockAfter: v.stock,
            reason: 'restock',
            at: now,
          })),
        );
      }
      await refreshProductFigures(tx, id);
      return id;
    })
    .catch(skuConflict);
}

/**
 * `PUT /products/:id`: replaces fields and variants. A variant with an `id` must be this
 * product's; its stock change is a movement (restock up, adjust down). Variants left out are
 * deleted (their orders keep size, colour and SKU). A product that left draft cannot go back.
 * A new category moves the designer's `orders` data version: crowd packs' "bought in category"
 * reads the category of the products bought.
 */
export async function updateProduct(db: Database, designerId: number, id: number, body: Body, now: Date) {
  return db
    .transaction(async (tx) => {
      const current = await ownProduct(tx, designerId, id, true);
      if (body.status === 'draft' && current.status !== 'draft') {
        throw fieldFailure(ErrorCode.conflict, 'status', boutiqueMessages.onSaleNotDraft);
      }
      await checkReferences(tx, designerId, body);
      const existing = await tx
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .for('update');
      const byId = new Map(existing.map((v) => [v.id, v]));
      const unknown = body.variants.findIndex((v) => v.id !== undefined && !byId.has(v.id));
      if (unknown >= 0) {
        throw validationError([
          { path: `variants.${unknown}.id`, message: boutiqueMessages.notVariantOfProduct },
        ]);
      }
      await checkSkusFree(tx, designerId, body.variants, id);
      const keep = body.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
      await tx
        .delete(productVariants)
        .where(
          and(
            eq(productVariants.productId, id),
            keep.length > 0 ? notInArray(productVariants.id, keep) : undefined,
          ),
        );
      // Kept variants first move their SKUs out of the way, so two may swap SKUs.
      if (keep.length > 0) {
        await tx
          .update(productVariants)
          .set({ sku: sql`'~' || ${productVariants.id}`, size: sql`'~' || ${productVariants.id}` })
          .where(inArray(productVariants.id, keep));
      }
      const movements: (typeof stockMovements.$inferInsert)[] = [];
      for (const [position, variant] of body.variants.entries()) {
        const fields = { ...variantFields(variant, position), stock: variant.stock };
        const before = variant.id === undefined ? undefined : byId.get(variant.id);
        let variantId: number;
        if (before) {
          await tx.update(productVariants).set(fields).where(eq(productVariants.id, before.id));
          variantId = before.id;
        } else {
          const [row] = await tx
            .insert(productVariants)
            .values({ productId: id, designerId, ...fields })
            .returning({ id: productVariants.id });
          variantId = row!.id;
        }
        const delta = variant.stock - (before?.stock ?? 0);
        if (delta !== 0) {
          movements.push({
            productId: id,
            variantId,
            delta,
            stockAfter: variant.stock,
            reason: delta > 0 ? 'restock' : 'adjust',
            at: now,
          });
        }
      }
      if (movements.length > 0) await tx.insert(stockMovements).values(movements);
      await tx
        .update(products)
        .set({ ...productFields(body), status: body.status ?? current.status, updatedAt: now })
        .where(eq(products.id, id));
      await refreshProductFigures(tx, id);
      if (body.category !== current.category) await fanDataChanged(tx, designerId, 'orders');
      return id;
    })
    .catch(skuConflict);
}

/** `DELETE /products/:id`: drafts only (40900 otherwise); the variants go with it. */
export async function deleteDraft(db: Database, designerId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownProduct(tx, designerId, id, true);
    if (current.status !== 'draft') {
      throw new ApiError(ErrorCode.conflict, boutiqueMessages.onlyDraftDeleted);
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordDeletion(tx, designerId, { type: 'product', id, label: current.title }, new Date());
  });
}

/**
 * `POST /products/batch-status`: puts every listed product on sale or off the shelf, in one
 * transaction. Any id that is not the designer's: 40400 and nothing changes.
 */
export async function setProductsStatus(
  db: Database,
  designerId: number,
  ids: number[],
  status: Exclude<ProductStatus, 'draft'>,
  now: Date,
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.designerId, designerId), inArray(products.id, unique)))
      .for('update');
    if (found.length !== unique.length) throw notFound(boutiqueMessages.productsGone);
    const updated = await tx
      .update(products)
      .set({ status, updatedAt: now })
      .where(and(inArray(products.id, unique), sql`${products.status} <> ${status}`))
      .returning({ id: products.id });
    return updated.length;
  });
}

/** A free SKU for a copy: `SKU-C1`, `SKU-C2`… (cut to 40 characters). */
function copySku(sku: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const suffix = `-C${n}`;
    const candidate = `${sku.slice(0, 40 - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toUpperCase())) {
      taken.add(candidate.toUpperCase());
      return candidate;
    }
  }
}

/**
 * `POST /products/:id/duplicate`: a new draft with the same fields and variant matrix, the
 * title marked as a copy, each SKU given a free `-Cn` suffix, stock 0 (stock is counted, never
 * copied).
 */
export async function duplicateProduct(
  db: Database,
  designerId: number,
  id: number,
  copyMark: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const source = await ownProduct(tx, designerId, id);
    const variants = await tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(productVariants.position, productVariants.id);
    const taken = new Set(
      (
        await tx
          .select({ sku: productVariants.sku })
          .from(productVariants)
          .where(eq(productVariants.designerId, designerId))
      ).map((row) => row.sku.toUpperCase()),
    );
    const title = `${[...source.title].slice(0, 60 - [...copyMark].length).join('')}${copyMark}`;
    const [copy] = await tx
      .insert(products)
      .values({
        designerId,
        brandId: source.brandId,
        title,
        category: source.category,
        images: source.images,
        videoId: source.videoId,
        description: source.description,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id });
    if (variants.length > 0) {
      await tx.insert(productVariants).values(
        variants.map((v) => ({
          productId: copy!.id,
          designerId,
          size: v.size,
          color: v.color,
          sku: copySku(v.sku, taken),
          price: v.price,
          originalPrice: v.originalPrice,
          stock: 0,
          position: v.position,
        })),
      );
    }
    await refreshProductFigures(tx, copy!.id);
    return copy!.id;
  });
}
