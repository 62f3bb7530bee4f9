import type {
  CameraPreset,
  ListPage,
  LookDetail,
  LookProduct,
  LookRow,
  lookBodySchema,
  lookListQuerySchema,
} from '@dc/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  lookBackgrounds,
  lookDailyStats,
  lookModels,
  lookProducts,
  looks,
  products,
  productVariants,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { backgroundToWire, usableBackground } from './backgrounds.ts';
import type { LooksCtx } from './context.ts';
import { looksMessages } from './messages.ts';
import { modelToWire, visibleModel } from './models.ts';

type LookRecord = typeof looks.$inferSelect;
type Body = z.output<typeof lookBodySchema>;
type ListQuery = z.output<typeof lookListQuerySchema>;

export const shareUrlOf = (ctx: LooksCtx, id: number) => `${ctx.shareBase}/3D-h5?id=${id}`;

/** A look's model and background rows (either may be absent). */
async function partsOf(db: Database, look: LookRecord) {
  const [model] = look.modelId
    ? await db.select().from(lookModels).where(eq(lookModels.id, look.modelId))
    : [];
  const [background] = look.backgroundId
    ? await db.select().from(lookBackgrounds).where(eq(lookBackgrounds.id, look.backgroundId))
    : [];
  return { model, background };
}

/** The products of looks, in their order, with the chosen colour and its price. */
export async function productsOf(db: Database, lookIds: number[]): Promise<Map<number, LookProduct[]>> {
  const byLook = new Map<number, LookProduct[]>();
  if (lookIds.length === 0) return byLook;
  const rows = await db
    .select({
      lookId: lookProducts.lookId,
      productId: products.id,
      variantId: lookProducts.variantId,
      title: products.title,
      images: products.images,
      status: products.status,
      minPrice: products.minPrice,
      color: productVariants.color,
      price: productVariants.price,
    })
    .from(lookProducts)
    .innerJoin(products, eq(products.id, lookProducts.productId))
    .leftJoin(productVariants, eq(productVariants.id, lookProducts.variantId))
    .where(inArray(lookProducts.lookId, lookIds))
    .orderBy(asc(lookProducts.lookId), asc(lookProducts.position));
  for (const row of rows) {
    const list = byLook.get(row.lookId) ?? [];
    list.push({
      productId: row.productId,
      variantId: row.variantId,
      title: row.title,
      coverUrl: row.images[0] ?? '',
      color: row.color ?? '',
      price: row.price ?? row.minPrice,
      onSale: row.status === 'on_sale',
    });
    byLook.set(row.lookId, list);
  }
  return byLook;
}

async function ownLook(ctx: LooksCtx, id: number): Promise<LookRecord> {
  const [row] = await ctx.db
    .select()
    .from(looks)
    .where(and(eq(looks.id, id), eq(looks.designerId, ctx.designerId)));
  if (!row) throw notFound();
  return row;
}

const viewsOf = sql<number>`coalesce((select sum(${lookDailyStats.views}) from ${lookDailyStats} where ${lookDailyStats.lookId} = ${looks.id}), 0)::int`;
const productCountOf = sql<number>`(select count(*) from ${lookProducts} where ${lookProducts.lookId} = ${looks.id})::int`;

async function rowOf(
  ctx: LooksCtx,
  look: LookRecord,
  figures: { views: number; productCount: number },
): Promise<LookRow & { model: LookDetail['model'] }> {
  const { model, background } = await partsOf(ctx.db, look);
  const wireModel = model ? await modelToWire(ctx, model, 0) : null;
  return {
    id: look.id,
    title: look.title,
    sortOrder: look.sortOrder,
    online: look.online,
    modelId: look.modelId,
    modelName: model?.name ?? null,
    posterUrl: wireModel?.posterUrl ?? null,
    background: background ? await backgroundToWire(ctx, background, 0) : null,
    productCount: figures.productCount,
    views: figures.views,
    createdAt: toWireDateTime(look.createdAt),
    updatedAt: toWireDateTime(look.updatedAt),
    model: wireModel,
  };
}

/** `GET /looks`: the designer's looks by sort order (then newest), filtered by keyword and state. */
export async function listLooks(ctx: LooksCtx, query: ListQuery): Promise<ListPage<LookRow>> {
  const conditions: (SQL | undefined)[] = [eq(looks.designerId, ctx.designerId)];
  if (query.online !== undefined) conditions.push(eq(looks.online, query.online));
  if (query.keyword)
    conditions.push(ilike(looks.title, `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ look: looks, views: viewsOf, productCount: productCountOf })
      .from(looks)
      .where(where)
      .orderBy(asc(looks.sortOrder), desc(looks.createdAt), desc(looks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ value: count() }).from(looks).where(where),
  ]);
  const totalNumber = total?.value ?? 0;
  return {
    dataList: await Promise.all(
      rows.map(async ({ look, views, productCount }) => {
        const { model: _model, ...row } = await rowOf(ctx, look, { views, productCount });
        return row;
      }),
    ),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/** `GET /looks/:id`. */
export async function lookDetail(ctx: LooksCtx, id: number): Promise<LookDetail> {
  const look = await ownLook(ctx, id);
  const [figures] = await ctx.db
    .select({ views: viewsOf, productCount: productCountOf })
    .from(looks)
    .where(eq(looks.id, id));
  const row = await rowOf(ctx, look, figures!);
  return {
    ...row,
    description: look.description,
    camera: look.camera as CameraPreset,
    backgroundId: look.backgroundId,
    products: (await productsOf(ctx.db, [id])).get(id) ?? [],
    shareUrl: shareUrlOf(ctx, id),
  };
}

/**
 * The body's references, checked against what the designer may use: the model (shipped or own,
 * uploaded; a disabled one only when the look already had it), the background, each product
 * (own) and its colour variant (of that product). Online needs a ready model. 40000 on the field.
 */
async function checkReferences(ctx: LooksCtx, body: Body, current?: LookRecord): Promise<void> {
  if (body.modelId) {
    const model = await visibleModel(ctx, body.modelId);
    if (!model) throw invalidField('modelId', looksMessages.noSuchModel);
    if (model.status === 'uploading') throw invalidField('modelId', looksMessages.modelStillUploading);
    if (model.status === 'disabled' && current?.modelId !== model.id)
      throw invalidField('modelId', looksMessages.modelDisabled);
    if (body.online && model.status !== 'ready')
      throw invalidField('modelId', looksMessages.onlineNeedsReadyModel);
  } else if (body.online) {
    throw invalidField('modelId', looksMessages.onlineNeedsModel);
  }
  if (body.backgroundId && !(await usableBackground(ctx, body.backgroundId))) {
    throw invalidField('backgroundId', looksMessages.noSuchBackground);
  }
  const productIds = body.products.map((item) => item.productId);
  if (productIds.length === 0) return;
  const owned = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.designerId, ctx.designerId)));
  const ownedIds = new Set(owned.map((row) => row.id));
  const variantIds = body.products.flatMap((item) => (item.variantId ? [item.variantId] : []));
  const variants = variantIds.length
    ? await ctx.db
        .select({ id: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds))
    : [];
  const variantProduct = new Map(variants.map((row) => [row.id, row.productId]));
  body.products.forEach((item, index) => {
    if (!ownedIds.has(item.productId))
      throw invalidField(`products.${index}.productId`, looksMessages.noSuchProduct);
    if (item.variantId && variantProduct.get(item.variantId) !== item.productId) {
      throw invalidField(`products.${index}.variantId`, looksMessages.notColourOfProduct);
    }
  });
}

async function writeProducts(db: Database, lookId: number, body: Body) {
  await db.delete(lookProducts).where(eq(lookProducts.lookId, lookId));
  if (body.products.length === 0) return;
  await db.insert(lookProducts).values(
    body.products.map((item, position) => ({
      lookId,
      productId: item.productId,
      variantId: item.variantId,
      position,
    })),
  );
}

const fieldsOf = (body: Body) => ({
  title: body.title,
  description: body.description,
  sortOrder: body.sortOrder,
  modelId: body.modelId,
  backgroundId: body.backgroundId,
  camera: body.camera,
  online: body.online,
});

/** `POST /looks`: in one transaction with its products. */
export async function createLook(ctx: LooksCtx, body: Body): Promise<LookDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    const scoped = { ...ctx, db: tx };
    await checkReferences(scoped, body);
    const [row] = await tx
      .insert(looks)
      .values({ designerId: ctx.designerId, ...fieldsOf(body), createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: looks.id });
    await writeProducts(tx, row!.id, body);
    return row!.id;
  });
  return lookDetail(ctx, id);
}

/** `PUT /looks/:id`: replaces the fields and the products. */
export async function updateLook(ctx: LooksCtx, id: number, body: Body): Promise<LookDetail> {
  await ctx.db.transaction(async (tx) => {
    const scoped = { ...ctx, db: tx };
    const current = await ownLook(scoped, id);
    await checkReferences(scoped, body, current);
    await tx
      .update(looks)
      .set({ ...fieldsOf(body), updatedAt: ctx.now })
      .where(eq(looks.id, id));
    await writeProducts(tx, id, body);
  });
  return lookDetail(ctx, id);
}

/** `POST /looks/:id/online`: online needs a ready model (40000 on `modelId`). */
export async function setLookOnline(ctx: LooksCtx, id: number, online: boolean): Promise<LookDetail> {
  const look = await ownLook(ctx, id);
  if (online) {
    const model = look.modelId ? await visibleModel(ctx, look.modelId) : undefined;
    if (!model) throw invalidField('modelId', looksMessages.onlineNeedsModel);
    if (model.status !== 'ready') throw invalidField('modelId', looksMessages.onlineNeedsReadyModel);
  }
  await ctx.db.update(looks).set({ online, updatedAt: ctx.now }).where(eq(looks.id, id));
  return lookDetail(ctx, id);
}

/** `POST /looks/:id/sort-order`. */
export async function setLookSortOrder(ctx: LooksCtx, id: number, sortOrder: number): Promise<LookDetail> {
  await ownLook(ctx, id);
  await ctx.db.update(looks).set({ sortOrder, updatedAt: ctx.now }).where(eq(looks.id, id));
  return lookDetail(ctx, id);
}

/** `DELETE /looks/:id`: its products and figures go with it. */
export async function deleteLook(ctx: LooksCtx, id: number): Promise<{ id: number }> {
  const [removed] = await ctx.db
    .delete(looks)
    .where(and(eq(looks.id, id), eq(looks.designerId, ctx.designerId)))
    .returning({ id: looks.id });
  if (!removed) throw notFound();
  return { id };
}

export { ownLook };
