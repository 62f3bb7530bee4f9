import {
  ErrorCode,
  TAG_CLASSIFICATIONS_MAX,
  TAGS_PER_DESIGNER_MAX,
  TAGS_PER_FAN_MAX,
  type Tag,
  type TagClassification,
  type TagDeleteAnswer,
  type TagMergeAnswer,
  type TagOverview,
  type tagBodySchema,
  type tagClassificationBodySchema,
  type tagUpdateBodySchema,
} from '@dc/contract';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import { fanTags, tagClassifications, tags } from '../../db/schema/index.ts';
import { intArray } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/api-error.ts';
import { fieldFailure, uniqueViolation } from '../../http/failures.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { recordDeletion } from '../audit/index.ts';
import { lockDesignerTags } from './lock.ts';
import { tagsMessages } from './messages.ts';

type TagRow = typeof tags.$inferSelect;
type TagBody = z.output<typeof tagBodySchema>;
type TagUpdate = z.output<typeof tagUpdateBodySchema>;
type ClassificationBody = z.output<typeof tagClassificationBodySchema>;

const toWire = (row: TagRow, fanCount: number): Tag => ({
  id: row.id,
  classificationId: row.classificationId,
  name: row.name,
  color: row.color,
  description: row.description,
  fanCount,
  createdAt: toWireDateTime(row.createdAt),
  updatedAt: toWireDateTime(row.updatedAt),
});

const duplicateName = () => fieldFailure(ErrorCode.conflict, 'name', tagsMessages.tagNameTaken);
const duplicateClassification = () =>
  fieldFailure(ErrorCode.conflict, 'name', tagsMessages.classificationNameTaken);

async function fanCountOf(db: Database, tagId: number): Promise<number> {
  return db.$count(fanTags, eq(fanTags.tagId, tagId));
}

/** `GET /tags`: every classification and tag of the designer, with their counts. */
export async function tagOverview(db: Database, designerId: number): Promise<TagOverview> {
  const [classRows, tagRows, counts] = await Promise.all([
    db
      .select()
      .from(tagClassifications)
      .where(eq(tagClassifications.designerId, designerId))
      .orderBy(asc(tagClassifications.createdAt), asc(tagClassifications.id)),
    db
      .select()
      .from(tags)
      .where(eq(tags.designerId, designerId))
      .orderBy(asc(tags.classificationId), asc(tags.name), asc(tags.id)),
    db
      .select({ tagId: fanTags.tagId, n: count() })
      .from(fanTags)
      .innerJoin(tags, eq(tags.id, fanTags.tagId))
      .where(eq(tags.designerId, designerId))
      .groupBy(fanTags.tagId),
  ]);
  const fansOf = new Map(counts.map((c) => [c.tagId, c.n]));
  const tagsPerClass = new Map<number, number>();
  for (const row of tagRows)
    tagsPerClass.set(row.classificationId, (tagsPerClass.get(row.classificationId) ?? 0) + 1);
  return {
    classifications: classRows.map(
      (row): TagClassification => ({
        id: row.id,
        name: row.name,
        tagCount: tagsPerClass.get(row.id) ?? 0,
        createdAt: toWireDateTime(row.createdAt),
      }),
    ),
    tags: tagRows.map((row) => toWire(row, fansOf.get(row.id) ?? 0)),
    tagLimit: TAGS_PER_DESIGNER_MAX,
    perFanLimit: TAGS_PER_FAN_MAX,
  };
}

async function ownTag(db: Database, designerId: number, id: number, path?: string): Promise<TagRow> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.designerId, designerId)));
  if (!row) throw path ? fieldFailure(ErrorCode.notFound, path, tagsMessages.noSuchTag) : notFound();
  return row;
}

async function ownClassification(db: Database, designerId: number, id: number, path?: string) {
  const [row] = await db
    .select()
    .from(tagClassifications)
    .where(and(eq(tagClassifications.id, id), eq(tagClassifications.designerId, designerId)));
  if (!row)
    throw path ? fieldFailure(ErrorCode.notFound, path, tagsMessages.noSuchClassification) : notFound();
  return row;
}

async function nameTaken(db: Database, classificationId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.classificationId, classificationId),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(tags.id, exceptId),
      ),
    );
  return row !== undefined;
}

/** Runs a write; a unique violation that slipped past the checks becomes the duplicate failure. */
async function guardUnique<T>(work: () => Promise<T>, failure: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw failure();
    throw error;
  }
}

/** `POST /tags`: at most 100 per designer; the name unique (case-insensitively) in its classification. */
export async function createTag(db: Database, designerId: number, body: TagBody, now: Date): Promise<Tag> {
  return guardUnique(
    () =>
      db.transaction(async (tx) => {
        await lockDesignerTags(tx, designerId);
        await ownClassification(tx, designerId, body.classificationId, 'classificationId');
        const existing = await tx.$count(tags, eq(tags.designerId, designerId));
        if (existing >= TAGS_PER_DESIGNER_MAX) {
          throw fieldFailure(
            ErrorCode.conflict,
            'name',
            message(tagsMessages.tagsAtMost, { max: TAGS_PER_DESIGNER_MAX }),
          );
        }
        if (await nameTaken(tx, body.classificationId, body.name)) throw duplicateName();
        const [row] = await tx
          .insert(tags)
          .values({ designerId, ...body, createdAt: now, updatedAt: now })
          .returning();
        return toWire(row!, 0);
      }),
    duplicateName,
  );
}

/** `PUT /tags/:id`: rename, recolour, describe or move to another classification. */
export async function updateTag(
  db: Database,
  designerId: number,
  id: number,
  body: TagUpdate,
  now: Date,
): Promise<Tag> {
  return guardUnique(
    () =>
      db.transaction(async (tx) => {
        await lockDesignerTags(tx, designerId);
        const current = await ownTag(tx, designerId, id);
        const classificationId = body.classificationId ?? current.classificationId;
        if (body.classificationId !== undefined) {
          await ownClassification(tx, designerId, body.classificationId, 'classificationId');
        }
        const name = body.name ?? current.name;
        if (await nameTaken(tx, classificationId, name, id)) throw duplicateName();
        const [row] = await tx
          .update(tags)
          .set({
            classificationId,
            name,
            color: body.color ?? current.color,
            description: body.description ?? current.description,
            updatedAt: now,
          })
          .where(eq(tags.id, id))
          .returning();
        return toWire(row!, await fanCountOf(tx, id));
      }),
    duplicateName,
  );
}

/** `GET /tags/:id/usage`: the fans carrying the tag (what deleting it takes from them). */
export async function tagUsage(db: Database, designerId: number, id: number) {
  await ownTag(db, designerId, id);
  return { fanCount: await fanCountOf(db, id) };
}

/**
 * `DELETE /tags/:id`: the tag and every fan's link to it, in one transaction; a tag fans carried
 * moves the designer's `tags` data version (crowd packs reading tags turn stale).
 */
export async function deleteTag(db: Database, designerId: number, id: number): Promise<TagDeleteAnswer> {
  return db.transaction(async (tx) => {
    await lockDesignerTags(tx, designerId);
    const tag = await ownTag(tx, designerId, id);
    const removedFromFans = await fanCountOf(tx, id);
    await tx.delete(tags).where(eq(tags.id, id));
    await recordDeletion(tx, designerId, { type: 'tag', id, label: tag.name }, new Date());
    if (removedFromFans > 0) await fanDataChanged(tx, designerId, 'tags');
    return { removedFromFans };
  });
}

/**
 * `POST /tags/:id/merge`: every fan of `:id` gets `intoTagId` (those carrying both keep one), then
 * `:id` is deleted. A fan never ends with more tags than before, so the 20-per-fan limit holds.
 * Moves the designer's `tags` data version.
 */
export async function mergeTag(
  db: Database,
  designerId: number,
  id: number,
  intoTagId: number,
): Promise<TagMergeAnswer> {
  if (id === intoTagId) throw fieldFailure(ErrorCode.validation, 'intoTagId', tagsMessages.mergeIntoAnother);
  return db.transaction(async (tx) => {
    await lockDesignerTags(tx, designerId);
    await ownTag(tx, designerId, id);
    const target = await ownTag(tx, designerId, intoTagId, 'intoTagId');
    const moved = await tx
      .insert(fanTags)
      .select(
        tx
          .select({
            fanId: fanTags.fanId,
            tagId: sql<number>`${intoTagId}::int`.as('tag_id'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(fanTags)
          .where(eq(fanTags.tagId, id)),
      )
      .onConflictDoNothing()
      .returning({ fanId: fanTags.fanId });
    await tx.delete(tags).where(eq(tags.id, id));
    const answer = { tag: toWire(target, await fanCountOf(tx, intoTagId)), movedFans: moved.length };
    await fanDataChanged(tx, designerId, 'tags');
    return answer;
  });
}

/** The designer's tags among `ids` (for checking ids sent by a client). */
export async function ownTagIds(
  db: Database,
  designerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.designerId, designerId), sql`${tags.id} = any(${intArray(ids)})`));
  return new Set(rows.map((r) => r.id));
}

/** 40400 naming `path` when any of `ids` is not one of the designer's tags. */
export async function requireOwnTags(db: Database, designerId: number, ids: readonly number[], path: string) {
  const own = await ownTagIds(db, designerId, ids);
  const missing = ids.find((id) => !own.has(id));
  if (missing !== undefined)
    throw fieldFailure(ErrorCode.notFound, path, message(tagsMessages.tagMissing, { id: missing }));
}

/** `POST /tag-classifications`. */
export async function createClassification(
  db: Database,
  designerId: number,
  body: ClassificationBody,
  now: Date,
): Promise<TagClassification> {
  return guardUnique(
    () =>
      db.transaction(async (tx) => {
        await lockDesignerTags(tx, designerId);
        const existing = await tx.$count(tagClassifications, eq(tagClassifications.designerId, designerId));
        if (existing >= TAG_CLASSIFICATIONS_MAX) {
          throw fieldFailure(
            ErrorCode.conflict,
            'name',
            message(tagsMessages.classificationsAtMost, { max: TAG_CLASSIFICATIONS_MAX }),
          );
        }
        const [row] = await tx
          .insert(tagClassifications)
          .values({ designerId, name: body.name, createdAt: now, updatedAt: now })
          .returning();
        return { id: row!.id, name: row!.name, tagCount: 0, createdAt: toWireDateTime(row!.createdAt) };
      }),
    duplicateClassification,
  );
}

/** `PUT /tag-classifications/:id`: rename. */
export async function renameClassification(
  db: Database,
  designerId: number,
  id: number,
  body: ClassificationBody,
  now: Date,
): Promise<TagClassification> {
  return guardUnique(async () => {
    await ownClassification(db, designerId, id);
    const [row] = await db
      .update(tagClassifications)
      .set({ name: body.name, updatedAt: now })
      .where(eq(tagClassifications.id, id))
      .returning();
    const tagCount = await db.$count(tags, eq(tags.classificationId, id));
    return { id, name: row!.name, tagCount, createdAt: toWireDateTime(row!.createdAt) };
  }, duplicateClassification);
}

/** `DELETE /tag-classifications/:id`: only an empty one (40900 while it holds tags). */
export async function deleteClassification(db: Database, designerId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDesignerTags(tx, designerId);
    const classification = await ownClassification(tx, designerId, id);
    const held = await tx.$count(tags, eq(tags.classificationId, id));
    if (held > 0) {
      throw fieldFailure(
        ErrorCode.conflict,
        'id',
        message(tagsMessages.classificationHoldsTags, { count: held }),
      );
    }
    await tx.delete(tagClassifications).where(eq(tagClassifications.id, id));
    await recordDeletion(
      tx,
      designerId,
      { type: 'tag-classification', id, label: classification.name },
      new Date(),
    );
  });
}
