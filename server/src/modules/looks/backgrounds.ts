import {
  type BackgroundKind,
  ErrorCode,
  type ListPage,
  type LookBackground,
  type lookBackgroundUpdateBodySchema,
} from '@dc/contract';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { lookBackgrounds, looks } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { singlePage } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { type LooksCtx, ownImageKey, shippedIsReadOnly } from './context.ts';
import { looksMessages } from './messages.ts';
import { objectLink } from './model-store.ts';
import { shippedAssetUrl, shippedBackgroundFile } from './shipped.ts';

type Row = typeof lookBackgrounds.$inferSelect;
type Body = z.output<typeof lookBackgroundUpdateBodySchema>;

/** The background as the wire shows it; links are signed with the owner's scope. */
export async function backgroundToWire(ctx: LooksCtx, row: Row, lookCount: number): Promise<LookBackground> {
  const link = async (key: string | null) =>
    key && row.designerId ? objectLink(ctx.config, row.designerId, key, ctx.origin, ctx.now) : null;
  const shippedFile = shippedBackgroundFile(row.shippedKey);
  const imageUrl = shippedFile ? shippedAssetUrl(shippedFile) : await link(row.objectKey);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as BackgroundKind,
    colors: row.colors,
    imageUrl,
    thumbnailUrl: (await link(row.thumbnailObjectKey)) ?? imageUrl,
    shipped: row.designerId === null,
    shippedKey: row.shippedKey,
    lookCount,
    updatedAt: toWireDateTime(row.updatedAt),
  };
}

const visibleTo = (designerId: number) =>
  or(isNull(lookBackgrounds.designerId), eq(lookBackgrounds.designerId, designerId));

/** `GET /look-backgrounds`: the shipped ones first, then the designer's, oldest first. */
export async function listBackgrounds(ctx: LooksCtx): Promise<ListPage<LookBackground>> {
  const uses = ctx.db
    .select({ backgroundId: looks.backgroundId, uses: count().as('uses') })
    .from(looks)
    .where(eq(looks.designerId, ctx.designerId))
    .groupBy(looks.backgroundId)
    .as('uses');
  const rows = await ctx.db
    .select({ row: lookBackgrounds, uses: uses.uses })
    .from(lookBackgrounds)
    .leftJoin(uses, eq(uses.backgroundId, lookBackgrounds.id))
    .where(visibleTo(ctx.designerId))
    .orderBy(sql`${lookBackgrounds.designerId} asc nulls first`, asc(lookBackgrounds.id));
  return singlePage(await Promise.all(rows.map(({ row, uses }) => backgroundToWire(ctx, row, uses ?? 0))));
}

/** A background the designer may use in a look (shipped or own), or 40000 on `path`. */
export async function usableBackground(ctx: LooksCtx, id: number): Promise<Row | undefined> {
  const [row] = await ctx.db
    .select()
    .from(lookBackgrounds)
    .where(and(eq(lookBackgrounds.id, id), visibleTo(ctx.designerId)));
  return row;
}

async function ownBackground(ctx: LooksCtx, id: number): Promise<Row> {
  const row = await usableBackground(ctx, id);
  if (!row) throw notFound();
  if (row.designerId === null) throw shippedIsReadOnly();
  return row;
}

async function fieldsOf(ctx: LooksCtx, body: Body, current?: Row) {
  const picture = body.kind === 'image' || body.kind === 'hdr';
  const kept = current?.objectKey ?? null;
  const objectKey = !picture ? null : body.imageId ? await ownImageKey(ctx, body.imageId, 'imageId') : kept;
  if (picture && !objectKey)
    throw invalidField('imageId', message(looksMessages.backgroundNeedsPicture, { kind: body.kind }));
  return {
    name: body.name,
    kind: body.kind,
    colors: picture ? [] : body.colors.map((color) => color.toUpperCase()),
    objectKey,
    thumbnailObjectKey: body.thumbnailImageId
      ? await ownImageKey(ctx, body.thumbnailImageId, 'thumbnailImageId')
      : null,
  };
}

async function usesOf(ctx: LooksCtx, id: number): Promise<number> {
  return ctx.db.$count(looks, and(eq(looks.backgroundId, id), eq(looks.designerId, ctx.designerId)));
}

/** `POST /look-backgrounds`. */
export async function createBackground(ctx: LooksCtx, body: Body): Promise<LookBackground> {
  const [row] = await ctx.db
    .insert(lookBackgrounds)
    .values({
      designerId: ctx.designerId,
      ...(await fieldsOf(ctx, body)),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return backgroundToWire(ctx, row!, 0);
}

/** `PUT /look-backgrounds/:id`: the designer's own only (shipped: 40300; another's: 40400). */
export async function updateBackground(ctx: LooksCtx, id: number, body: Body): Promise<LookBackground> {
  const current = await ownBackground(ctx, id);
  const [row] = await ctx.db
    .update(lookBackgrounds)
    .set({ ...(await fieldsOf(ctx, body, current)), updatedAt: ctx.now })
    .where(and(eq(lookBackgrounds.id, id), eq(lookBackgrounds.designerId, ctx.designerId)))
    .returning();
  return backgroundToWire(ctx, row!, await usesOf(ctx, id));
}

/** `DELETE /look-backgrounds/:id`: refused (40900) while a look uses it. */
export async function deleteBackground(ctx: LooksCtx, id: number): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const scoped = { ...ctx, db: tx };
    await ownBackground(scoped, id);
    // Lock the row: a look saved meanwhile waits, then fails on the foreign key.
    await tx
      .select({ id: lookBackgrounds.id })
      .from(lookBackgrounds)
      .where(eq(lookBackgrounds.id, id))
      .for('update');
    const uses = await tx.$count(looks, eq(looks.backgroundId, id));
    if (uses > 0) {
      throw new ApiError(ErrorCode.conflict, message(looksMessages.backgroundUsedByLooks, { uses }), {
        lookCount: uses,
      });
    }
    await tx.delete(lookBackgrounds).where(eq(lookBackgrounds.id, id));
    return { id };
  });
}
