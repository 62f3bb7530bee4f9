import {
  ErrorCode,
  FAN_BATCH_MAX,
  FAN_IMAGES_MAX,
  type FanBatchTagAnswer,
  type FanDetail,
  type FanImage,
  type FanListPage,
  type FanListQueryValue,
  type FanMeasurements,
  type FanTagChip,
  type fanBatchTagBodySchema,
  type fanImageBodySchema,
  TAGS_PER_FAN_MAX,
  WARDROBE_MAX,
  type WardrobeItem,
  type wardrobeItemBodySchema,
} from '@dc/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import { readRowsByKeyset } from '../../db/keyset.ts';
import {
  fanImages,
  fanInteractions,
  fanMeasurements,
  fans,
  fanTags,
  fanWardrobeItems,
} from '../../db/schema/index.ts';
import { intArray, rowsOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/api-error.ts';
import { fieldFailure, invalidField } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import {
  cursorScope,
  cursorsOf,
  decodeCursor,
  planPageRead,
  readKeysetPage,
} from '../../http/page-cursor.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { businessYear } from '../../time/business-day.ts';
import { addTagsWithinLimitCtes, lockDesignerTags, requireOwnTags } from '../tags/index.ts';
import { countFans } from './count.ts';
import { fanFilterCondition, fanKeysetSort } from './filter.ts';
import { fansMessages } from './messages.ts';
import { findFan, tagsOfFans, toFanRow } from './rows.ts';
import { fromStoredMeasurements, toStoredMeasurements } from './units.ts';

type BatchBody = z.output<typeof fanBatchTagBodySchema>;
type WardrobeBody = z.output<typeof wardrobeItemBodySchema>;
type ImageBody = z.output<typeof fanImageBodySchema>;

/**
 * `GET /fans`: one page of the filtered, sorted list, with each fan's tags. The total is exact
 * when cheap to know and the planner's estimate otherwise (`totalIsEstimate`, see count.ts).
 * Paged by keyset (issue 21 item 3): a cursor seeks on (sort key, id) in the sort's index, so the
 * next or previous page costs the same at any depth; `page` alone still jumps by offset.
 */
export async function listFans(
  db: Database,
  designerId: number,
  query: FanListQueryValue,
  now: Date,
): Promise<FanListPage> {
  const where = fanFilterCondition(designerId, query, now);
  const sort = fanKeysetSort(query.sortBy, query.order);
  const { page, pageSize, cursor, _t, ...listed } = query;
  const scope = cursorScope('fans', designerId, listed);
  const plan = planPageRead(page, pageSize, cursor ? decodeCursor(cursor, scope, sort.type) : undefined);
  const read = await readKeysetPage(plan, pageSize, (step) => readRowsByKeyset(db, fans, where, sort, step));
  const rows = read.rows;
  const [chips, counted] = await Promise.all([
    tagsOfFans(
      db,
      rows.map((r) => r.id),
    ),
    countFans(db, where, { offset: read.start, rows: rows.length, pageSize }),
  ]);
  const year = businessYear(now);
  return {
    dataList: rows.map((row) => toFanRow(row, chips.get(row.id) ?? [], year)),
    totalNumber: counted.total,
    totalPages: totalPagesOf(counted.total, pageSize),
    totalIsEstimate: counted.isEstimate,
    ...cursorsOf(scope, read),
  };
}

/** The ids a batch applies to, as a subquery of the designer's fans. */
function selectionQuery(designerId: number, selection: BatchBody['selection'], now: Date): SQL {
  if (selection.kind === 'ids') {
    return sql`select ${fans.id} as id from ${fans} where ${fans.designerId} = ${designerId} and ${fans.id} = any(${intArray(selection.fanIds)})`;
  }
  return sql`select ${fans.id} as id from ${fans} where ${fanFilterCondition(designerId, selection.filter, now)}`;
}

/**
 * `POST /fans/batch-tag`: removes, then adds, set-based (INSERT … SELECT … ON CONFLICT DO
 * NOTHING over the selection), in one transaction under the designer's tag lock. A fan that
 * would carry more than 20 tags gets none of the added ones and is counted in `skippedAtLimit`.
 * A change moves the designer's `tags` data version (crowd packs reading tags turn stale).
 */
export async function batchTag(
  db: Database,
  designerId: number,
  body: BatchBody,
  now: Date,
): Promise<FanBatchTagAnswer> {
  const started = performance.now();
  if (body.selection.kind === 'ids' && body.selection.fanIds.length === 0) {
    throw invalidField('selection', fansMessages.noFansSelected);
  }
  return db.transaction(async (tx) => {
    await lockDesignerTags(tx, designerId);
    await requireOwnTags(tx, designerId, body.addTagIds, 'addTagIds');
    await requireOwnTags(tx, designerId, body.removeTagIds, 'removeTagIds');
    const selection = selectionQuery(designerId, body.selection, now);
    const [size] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from (${selection}) s`);
    const matched = size!.n;
    if (matched === 0) throw invalidField('selection', fansMessages.noFansMatch);
    if (matched > FAN_BATCH_MAX) {
      throw invalidField('selection', message(fansMessages.tooManySelected, { matched, max: FAN_BATCH_MAX }));
    }
    let removed = 0;
    if (body.removeTagIds.length > 0) {
      const [gone] = await rowsOf<{ n: number }>(
        tx,
        sql`with gone as (
              delete from ${fanTags}
              where ${fanTags.tagId} = any(${intArray(body.removeTagIds)})
                and ${fanTags.fanId} in (${selection})
              returning 1)
            select count(*)::int as n from gone`,
      );
      removed = gone!.n;
    }
    let added = 0;
    let skippedAtLimit = 0;
    const add = [...new Set(body.addTagIds)];
    if (add.length > 0) {
      const [result] = await rowsOf<{ added: number; skipped: number }>(
        tx,
        sql`with sel as (${selection}),
            ${addTagsWithinLimitCtes(add, now)}
            select (select count(*)::int from ins) as added,
                   (select count(*)::int from room) - (select count(*)::int from fits) as skipped`,
      );
      added = result!.added;
      skippedAtLimit = result!.skipped;
    }
    if (removed + added > 0) await fanDataChanged(tx, designerId, 'tags');
    return { matched, added, removed, skippedAtLimit, elapsedMs: Math.round(performance.now() - started) };
  });
}

async function ownFan(db: Database, designerId: number, id: number) {
  const fan = await findFan(db, designerId, id);
  if (!fan) throw notFound();
  return fan;
}

const toWardrobe = (row: typeof fanWardrobeItems.$inferSelect): WardrobeItem => ({
  id: row.id,
  category: row.category as WardrobeItem['category'],
  size: row.size,
  color: row.color,
  imageUrl: row.imageUrl,
  source: row.source as WardrobeItem['source'],
  createdAt: toWireDateTime(row.createdAt),
});

const toImage = (row: typeof fanImages.$inferSelect): FanImage => ({
  id: row.id,
  url: row.url,
  labels: row.labels,
  createdAt: toWireDateTime(row.createdAt),
});

/** `GET /fans/:id`: another designer's fan is 40400. */
export async function fanDetail(db: Database, designerId: number, id: number, now: Date): Promise<FanDetail> {
  const fan = await ownFan(db, designerId, id);
  const [chips, [measured], wardrobe, images, interactions] = await Promise.all([
    tagsOfFans(db, [id]),
    db.select().from(fanMeasurements).where(eq(fanMeasurements.fanId, id)),
    db
      .select()
      .from(fanWardrobeItems)
      .where(eq(fanWardrobeItems.fanId, id))
      .orderBy(desc(fanWardrobeItems.createdAt), desc(fanWardrobeItems.id)),
    db
      .select()
      .from(fanImages)
      .where(eq(fanImages.fanId, id))
      .orderBy(desc(fanImages.createdAt), desc(fanImages.id)),
    db
      .select()
      .from(fanInteractions)
      .where(eq(fanInteractions.fanId, id))
      .orderBy(desc(fanInteractions.at), desc(fanInteractions.id))
      .limit(50),
  ]);
  return {
    fan: toFanRow(fan, chips.get(id) ?? [], businessYear(now)),
    birthYear: fan.birthYear,
    measurements: {
      ...fromStoredMeasurements(measured),
      updatedAt: measured ? toWireDateTime(measured.updatedAt) : null,
    },
    wardrobe: wardrobe.map(toWardrobe),
    images: images.map(toImage),
    interactions: interactions.map((row) => ({
      id: row.id,
      kind: row.kind as FanDetail['interactions'][number]['kind'],
      text: row.text,
      at: toWireDateTime(row.at),
    })),
  };
}

/** `PUT /fans/:id/measurements`: stored as millimetres and grams; moves the `measurements` data version. */
export async function saveMeasurements(
  db: Database,
  designerId: number,
  id: number,
  body: FanMeasurements,
  now: Date,
): Promise<FanMeasurements & { updatedAt: string }> {
  await ownFan(db, designerId, id);
  const stored = toStoredMeasurements(body);
  await db.transaction(async (tx) => {
    await tx
      .insert(fanMeasurements)
      .values({ fanId: id, ...stored, updatedAt: now })
      .onConflictDoUpdate({ target: fanMeasurements.fanId, set: { ...stored, updatedAt: now } });
    await fanDataChanged(tx, designerId, 'measurements');
  });
  return { ...fromStoredMeasurements(stored), updatedAt: toWireDateTime(now) };
}

/**
 * `PUT /fans/:id/tags`: the fan's tags become exactly `tagIds` (at most 20, the designer's own).
 * A change moves the designer's `tags` data version (crowd packs reading tags turn stale).
 */
export async function setFanTags(
  db: Database,
  designerId: number,
  id: number,
  tagIds: number[],
  now: Date,
): Promise<FanTagChip[]> {
  const wanted = [...new Set(tagIds)];
  if (wanted.length > TAGS_PER_FAN_MAX) {
    throw fieldFailure(
      ErrorCode.conflict,
      'tagIds',
      message(fansMessages.fanTagsAtMost, { max: TAGS_PER_FAN_MAX }),
    );
  }
  return db.transaction(async (tx) => {
    await lockDesignerTags(tx, designerId);
    await ownFan(tx, designerId, id);
    await requireOwnTags(tx, designerId, wanted, 'tagIds');
    const removed = await tx
      .delete(fanTags)
      .where(
        and(
          eq(fanTags.fanId, id),
          wanted.length > 0 ? sql`not (${fanTags.tagId} = any(${intArray(wanted)}))` : undefined,
        ),
      )
      .returning({ tagId: fanTags.tagId });
    const added =
      wanted.length === 0
        ? []
        : await tx
            .insert(fanTags)
            .values(wanted.map((tagId) => ({ fanId: id, tagId, createdAt: now })))
            .onConflictDoNothing()
            .returning({ tagId: fanTags.tagId });
    if (removed.length + added.length > 0) await fanDataChanged(tx, designerId, 'tags');
    return (await tagsOfFans(tx, [id])).get(id) ?? [];
  });
}

/** `POST /fans/:id/wardrobe`: a garment added by hand (at most 200 per fan); moves the `wardrobe` data version. */
export async function addWardrobeItem(
  db: Database,
  designerId: number,
  id: number,
  body: WardrobeBody,
  now: Date,
): Promise<WardrobeItem> {
  return db.transaction(async (tx) => {
    await ownFan(tx, designerId, id);
    await tx.execute(sql`select 1 from ${fans} where ${fans.id} = ${id} for update`);
    const held = await tx.$count(fanWardrobeItems, eq(fanWardrobeItems.fanId, id));
    if (held >= WARDROBE_MAX) {
      throw fieldFailure(
        ErrorCode.conflict,
        'category',
        message(fansMessages.wardrobeAtMost, { max: WARDROBE_MAX }),
      );
    }
    const [row] = await tx
      .insert(fanWardrobeItems)
      .values({ fanId: id, ...body, source: 'manual', createdAt: now })
      .returning();
    await fanDataChanged(tx, designerId, 'wardrobe');
    return toWardrobe(row!);
  });
}

/** `DELETE /fans/:id/wardrobe/:itemId`; moves the `wardrobe` data version. */
export async function removeWardrobeItem(db: Database, designerId: number, id: number, itemId: number) {
  await ownFan(db, designerId, id);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(fanWardrobeItems)
      .where(and(eq(fanWardrobeItems.id, itemId), eq(fanWardrobeItems.fanId, id)))
      .returning({ id: fanWardrobeItems.id });
    if (gone.length === 0) throw notFound();
    await fanDataChanged(tx, designerId, 'wardrobe');
  });
}

/** `POST /fans/:id/images` (at most 50 per fan). */
export async function addFanImage(
  db: Database,
  designerId: number,
  id: number,
  body: ImageBody,
  now: Date,
): Promise<FanImage> {
  return db.transaction(async (tx) => {
    await ownFan(tx, designerId, id);
    await tx.execute(sql`select 1 from ${fans} where ${fans.id} = ${id} for update`);
    const held = await tx.$count(fanImages, eq(fanImages.fanId, id));
    if (held >= FAN_IMAGES_MAX) {
      throw fieldFailure(
        ErrorCode.conflict,
        'url',
        message(fansMessages.fanImagesAtMost, { max: FAN_IMAGES_MAX }),
      );
    }
    const [row] = await tx
      .insert(fanImages)
      .values({ fanId: id, url: body.url, labels: body.labels, createdAt: now })
      .returning();
    return toImage(row!);
  });
}

/** `DELETE /fans/:id/images/:itemId`. */
export async function removeFanImage(db: Database, designerId: number, id: number, itemId: number) {
  await ownFan(db, designerId, id);
  const gone = await db
    .delete(fanImages)
    .where(and(eq(fanImages.id, itemId), eq(fanImages.fanId, id)))
    .returning({ id: fanImages.id });
  if (gone.length === 0) throw notFound();
}
