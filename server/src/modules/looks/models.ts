import {
  type BodyType,
  ErrorCode,
  type Language,
  type ListPage,
  type LookModel,
  type LookModelGrant,
  type lookModelUpdateBodySchema,
  type lookModelUploadBodySchema,
  type ModelStatus,
} from '@dc/contract';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { lookModels, looks } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { invalidField } from '../../http/failures.ts';
import { singlePage } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { objectStoreFor } from '../../storage/index.ts';
import { inspectStoredUpload, refuseStoredUpload } from '../../uploads/inspect.ts';
import { imageFileUrl } from '../image-files/index.ts';
import { withinStorageQuota } from '../storage-quota/index.ts';
import { type LooksCtx, ownImageKey, shippedIsReadOnly } from './context.ts';
import { looksMessages } from './messages.ts';
import { inspectStoredGlb, newModelKey, objectLink } from './model-store.ts';
import { shippedAssetUrl } from './shipped.ts';

type Row = typeof lookModels.$inferSelect;
type UploadBody = z.output<typeof lookModelUploadBodySchema>;
type UpdateBody = z.output<typeof lookModelUpdateBodySchema>;

/** The model as the wire shows it; a designer's model gets a link signed with the owner's scope. */
export async function modelToWire(ctx: LooksCtx, row: Row, lookCount: number): Promise<LookModel> {
  const link = async (key: string | null) =>
    key && row.designerId ? objectLink(ctx.config, row.designerId, key, ctx.origin, ctx.now) : null;
  const modelUrl = row.assetFile
    ? shippedAssetUrl(row.assetFile)
    : row.status === 'uploading'
      ? null
      : await link(row.objectKey);
  return {
    id: row.id,
    name: row.name,
    fileName: row.fileName,
    modelUrl,
    // An uploaded poster is one of the designer's images: its lasting address, which lists ask
    // for at a rendition's width (`?w=160`) instead of loading the whole picture.
    posterUrl: row.posterAssetFile
      ? shippedAssetUrl(row.posterAssetFile)
      : row.posterObjectKey
        ? imageFileUrl(row.posterObjectKey)
        : null,
    bodyType: row.bodyType as BodyType,
    sizeLabel: row.sizeLabel,
    status: row.status as ModelStatus,
    triangleCount: row.triangleCount,
    byteSize: row.byteSize,
    shipped: row.designerId === null,
    shippedKey: row.shippedKey,
    lookCount,
    updatedAt: toWireDateTime(row.updatedAt),
  };
}

const visibleTo = (designerId: number) =>
  or(isNull(lookModels.designerId), eq(lookModels.designerId, designerId));

/** `GET /look-models`: shipped first, then the designer's (uploads in progress included). */
export async function listModels(ctx: LooksCtx): Promise<ListPage<LookModel>> {
  const uses = ctx.db
    .select({ modelId: looks.modelId, uses: count().as('uses') })
    .from(looks)
    .where(eq(looks.designerId, ctx.designerId))
    .groupBy(looks.modelId)
    .as('uses');
  const rows = await ctx.db
    .select({ row: lookModels, uses: uses.uses })
    .from(lookModels)
    .leftJoin(uses, eq(uses.modelId, lookModels.id))
    .where(visibleTo(ctx.designerId))
    .orderBy(sql`${lookModels.designerId} asc nulls first`, asc(lookModels.id));
  return singlePage(await Promise.all(rows.map(({ row, uses }) => modelToWire(ctx, row, uses ?? 0))));
}

/** A model the designer can see (shipped or own), or undefined. */
export async function visibleModel(ctx: LooksCtx, id: number): Promise<Row | undefined> {
  const [row] = await ctx.db
    .select()
    .from(lookModels)
    .where(and(eq(lookModels.id, id), visibleTo(ctx.designerId)));
  return row;
}

async function ownModel(ctx: LooksCtx, id: number): Promise<Row> {
  const row = await visibleModel(ctx, id);
  if (!row) throw notFound();
  if (row.designerId === null) throw shippedIsReadOnly();
  return row;
}

const usesOf = (ctx: LooksCtx, id: number) =>
  ctx.db.$count(looks, and(eq(looks.modelId, id), eq(looks.designerId, ctx.designerId)));

/** `POST /look-models/create-upload`: the row (uploading) and credentials for its object. */
export async function createModelUpload(
  ctx: LooksCtx,
  body: UploadBody,
  lang: Language = 'zh-CN',
): Promise<LookModelGrant> {
  const posterObjectKey = body.posterImageId
    ? await ownImageKey(ctx, body.posterImageId, 'posterImageId')
    : null;
  const key = newModelKey(ctx.designerId);
  const grant = await objectStoreFor(ctx.config).uploadGrant(ctx.designerId, key, body.fileSize, ctx.origin);
  const [row] = await withinStorageQuota(ctx, body.fileSize, lang, (tx) =>
    tx
      .insert(lookModels)
      .values({
        designerId: ctx.designerId,
        name: body.name,
        objectKey: key,
        fileName: body.fileName,
        posterObjectKey,
        bodyType: body.bodyType,
        sizeLabel: body.sizeLabel,
        status: 'uploading',
        byteSize: body.fileSize,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: lookModels.id }),
  );
  return { modelId: String(row!.id), ...grant };
}

/** `POST /look-models/refresh-upload`: new credentials, only while the model uploads. */
export async function refreshModelUpload(ctx: LooksCtx, modelId: number): Promise<LookModelGrant> {
  const model = await ownModel(ctx, modelId);
  if (model.status !== 'uploading') {
    throw new ApiError(ErrorCode.conflict, looksMessages.modelUploadedAlready, {
      errors: [{ path: 'modelId', message: looksMessages.alreadyUploaded }],
    });
  }
  // A new grant is activity: the clean-up counts an abandoned upload from the latest one.
  await ctx.db.update(lookModels).set({ updatedAt: ctx.now }).where(eq(lookModels.id, modelId));
  const grant = await objectStoreFor(ctx.config).uploadGrant(
    ctx.designerId,
    model.objectKey!,
    model.byteSize,
    ctx.origin,
  );
  return { modelId: String(modelId), ...grant };
}

/**
 * `POST /look-models/:id/upload-finished`: the stored file must be of the declared size and a
 * binary glTF (uploads/inspect.ts), and a glTF 2.0 of at most 30 MB and 300k triangles. A
 * refused file is deleted with its row, and the answer is 40000 on `fileSize` or `file` with the
 * reason; a good one makes the model ready.
 */
export async function finishModelUpload(
  ctx: LooksCtx,
  id: number,
  lang: Language = 'zh-CN',
): Promise<LookModel> {
  const model = await ownModel(ctx, id);
  if (model.status === 'uploading') {
    const refuse = async (failure: ApiError) => {
      await ctx.db.delete(lookModels).where(and(eq(lookModels.id, id), eq(lookModels.status, 'uploading')));
      await objectStoreFor(ctx.config).delete(model.objectKey!);
      return failure;
    };
    const stored = await inspectStoredUpload(ctx.config, model.objectKey!, {
      kind: 'model',
      declaredSize: model.byteSize,
    });
    if (stored.state === 'missing') throw new ApiError(ErrorCode.conflict, looksMessages.modelFileNotStored);
    if (stored.state === 'refused')
      throw await refuse(await refuseStoredUpload(ctx.config, model.objectKey!, stored, lang));
    const inspected = await inspectStoredGlb(ctx.config, model.objectKey!);
    if ('missing' in inspected) throw new ApiError(ErrorCode.conflict, looksMessages.modelFileNotStored);
    if (!inspected.ok) throw await refuse(invalidField('file', inspected.reason));
    await ctx.db
      .update(lookModels)
      .set({
        status: 'ready',
        triangleCount: inspected.triangles,
        byteSize: inspected.size,
        updatedAt: ctx.now,
      })
      .where(and(eq(lookModels.id, id), eq(lookModels.status, 'uploading')));
  }
  const [row] = await ctx.db.select().from(lookModels).where(eq(lookModels.id, id));
  return modelToWire(ctx, row!, await usesOf(ctx, id));
}

/**
 * `PUT /look-models/:id`: name, body type, size label, poster, status. Disabling a model used by
 * an online look is refused (40900): take those looks offline first.
 */
export async function updateModel(ctx: LooksCtx, id: number, body: UpdateBody): Promise<LookModel> {
  return ctx.db.transaction(async (tx) => {
    const scoped = { ...ctx, db: tx };
    const model = await ownModel(scoped, id);
    if (body.status && model.status === 'uploading') {
      throw invalidField('status', looksMessages.modelStillUploading);
    }
    if (body.status === 'disabled') {
      const online = await tx.$count(looks, and(eq(looks.modelId, id), eq(looks.online, true)));
      if (online > 0) {
        throw new ApiError(ErrorCode.conflict, message(looksMessages.modelUsedOnline, { online }), {
          errors: [{ path: 'status', message: looksMessages.usedByOnlineLooks }],
        });
      }
    }
    const poster =
      body.posterImageId === undefined
        ? {}
        : {
            posterObjectKey: body.posterImageId
              ? await ownImageKey(scoped, body.posterImageId, 'posterImageId')
              : null,
          };
    const [row] = await tx
      .update(lookModels)
      .set({
        name: body.name,
        bodyType: body.bodyType,
        sizeLabel: body.sizeLabel,
        ...poster,
        ...(body.status ? { status: body.status } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(lookModels.id, id))
      .returning();
    return modelToWire(scoped, row!, await usesOf(scoped, id));
  });
}

/** `DELETE /look-models/:id`: refused (40900) while a look uses it; the stored file goes too. */
export async function deleteModel(ctx: LooksCtx, id: number): Promise<{ id: number }> {
  const model = await ctx.db.transaction(async (tx) => {
    const row = await ownModel({ ...ctx, db: tx }, id);
    await tx.select({ id: lookModels.id }).from(lookModels).where(eq(lookModels.id, id)).for('update');
    const uses = await tx.$count(looks, eq(looks.modelId, id));
    if (uses > 0) {
      throw new ApiError(ErrorCode.conflict, message(looksMessages.modelUsedByLooks, { uses }), {
        lookCount: uses,
      });
    }
    await tx.delete(lookModels).where(eq(lookModels.id, id));
    return row;
  });
  if (model.objectKey) await objectStoreFor(ctx.config).delete(model.objectKey);
  return { id };
}
