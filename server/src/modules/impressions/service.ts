import {
  ErrorCode,
  type FanRow,
  IMPRESSIONS_PER_DESIGNER_MAX,
  IMPRESSIONS_PER_FAN_MAX,
  type Impression,
  type ImpressionChip,
  type ImpressionDeleteAnswer,
  type ImpressionOverview,
  type ListPage,
} from '@dc/contract';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fanDataChanged } from '../../db/fan-data-versions.ts';
import { fanImpressions, fans, impressions } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { fieldFailure, uniqueViolation } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { message } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { businessYear } from '../../time/business-day.ts';
import { findFan, tagsOfFans, toFanRow } from '../fans/index.ts';
import { impressionsMessages } from './messages.ts';

type ImpressionRow = typeof impressions.$inferSelect;

/** Namespace of the designer's impression lock (first key of the two-key advisory lock). */
const IMPRESSION_LOCK_NAMESPACE = 7_008;

/**
 * Serialises the designer's impression writes until the transaction ends: the 200-per-designer
 * and 20-per-fan limits are counted under it.
 */
export async function lockDesignerImpressions(tx: Database, designerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPRESSION_LOCK_NAMESPACE}, ${designerId})`);
}

const duplicateWord = () => fieldFailure(ErrorCode.conflict, 'word', impressionsMessages.impressionExists);

const toWire = (row: ImpressionRow, fanCount: number): Impression => ({
  id: row.id,
  word: row.word,
  fanCount,
  createdAt: toWireDateTime(row.createdAt),
});

/** Runs a write; a unique violation that slipped past the checks becomes the duplicate failure. */
async function guardDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw duplicateWord();
    throw error;
  }
}

async function ownImpression(db: Database, designerId: number, id: number): Promise<ImpressionRow> {
  const [row] = await db
    .select()
    .from(impressions)
    .where(and(eq(impressions.id, id), eq(impressions.designerId, designerId)));
  if (!row) throw notFound();
  return row;
}

async function findWord(db: Database, designerId: number, word: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(impressions)
    .where(
      and(
        eq(impressions.designerId, designerId),
        sql`lower(${impressions.word}) = lower(${word})`,
        exceptId === undefined ? undefined : ne(impressions.id, exceptId),
      ),
    );
  return row;
}

const fanCountOf = (db: Database, id: number) =>
  db.$count(fanImpressions, eq(fanImpressions.impressionId, id));

/** `GET /impressions`: every word with its fan count, most carried first, then by word. */
export async function impressionOverview(db: Database, designerId: number): Promise<ImpressionOverview> {
  const carried = count(fanImpressions.fanId);
  const rows = await db
    .select({ row: impressions, fanCount: carried })
    .from(impressions)
    .leftJoin(fanImpressions, eq(fanImpressions.impressionId, impressions.id))
    .where(eq(impressions.designerId, designerId))
    .groupBy(impressions.id)
    .orderBy(desc(carried), asc(impressions.word), asc(impressions.id));
  return {
    impressions: rows.map(({ row, fanCount }) => toWire(row, fanCount)),
    limit: IMPRESSIONS_PER_DESIGNER_MAX,
    perFanLimit: IMPRESSIONS_PER_FAN_MAX,
  };
}

/** Creates a word inside a transaction holding the designer's impression lock. */
async function insertWord(tx: Database, designerId: number, word: string, now: Date): Promise<ImpressionRow> {
  if (await findWord(tx, designerId, word)) throw duplicateWord();
  const held = await tx.$count(impressions, eq(impressions.designerId, designerId));
  if (held >= IMPRESSIONS_PER_DESIGNER_MAX) {
    throw fieldFailure(
      ErrorCode.conflict,
      'word',
      message(impressionsMessages.impressionsAtMost, { max: IMPRESSIONS_PER_DESIGNER_MAX }),
    );
  }
  const [row] = await tx
    .insert(impressions)
    .values({ designerId, word, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** `POST /impressions`: the word unique (case-insensitively) among the designer's, at most 200. */
export async function createImpression(
  db: Database,
  designerId: number,
  word: string,
  now: Date,
): Promise<Impression> {
  return guardDuplicate(() =>
    db.transaction(async (tx) => {
      await lockDesignerImpressions(tx, designerId);
      return toWire(await insertWord(tx, designerId, word, now), 0);
    }),
  );
}

/** `PUT /impressions/:id`: renames; the fans keep the word. */
export async function renameImpression(
  db: Database,
  designerId: number,
  id: number,
  word: string,
  now: Date,
): Promise<Impression> {
  return guardDuplicate(() =>
    db.transaction(async (tx) => {
      await lockDesignerImpressions(tx, designerId);
      await ownImpression(tx, designerId, id);
      if (await findWord(tx, designerId, word, id)) throw duplicateWord();
      const [row] = await tx
        .update(impressions)
        .set({ word, updatedAt: now })
        .where(eq(impressions.id, id))
        .returning();
      return toWire(row!, await fanCountOf(tx, id));
    }),
  );
}

/**
 * `DELETE /impressions/:id`: the word leaves every fan carrying it (counted in the answer); when
 * some did, the designer's `impressions` data version moves (crowd packs reading words turn stale).
 */
export async function deleteImpression(
  db: Database,
  designerId: number,
  id: number,
): Promise<ImpressionDeleteAnswer> {
  return db.transaction(async (tx) => {
    await lockDesignerImpressions(tx, designerId);
    await ownImpression(tx, designerId, id);
    const removedFromFans = await fanCountOf(tx, id);
    await tx.delete(impressions).where(eq(impressions.id, id));
    if (removedFromFans > 0) await fanDataChanged(tx, designerId, 'impressions');
    return { removedFromFans };
  });
}

/** `GET /impressions/:id/fans`: the fans carrying the word, the latest linked first. */
export async function fansOfImpression(
  db: Database,
  designerId: number,
  id: number,
  page: { page: number; pageSize: number },
  now: Date,
): Promise<ListPage<FanRow>> {
  await ownImpression(db, designerId, id);
  const where = and(eq(fanImpressions.impressionId, id), eq(fans.designerId, designerId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ fan: fans })
      .from(fanImpressions)
      .innerJoin(fans, eq(fans.id, fanImpressions.fanId))
      .where(where)
      .orderBy(desc(fanImpressions.createdAt), desc(fans.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(fanImpressions)
      .innerJoin(fans, eq(fans.id, fanImpressions.fanId))
      .where(where),
  ]);
  const chips = await tagsOfFans(
    db,
    rows.map((r) => r.fan.id),
  );
  const year = businessYear(now);
  return {
    dataList: rows.map(({ fan }) => toFanRow(fan, chips.get(fan.id) ?? [], year)),
    totalNumber: total!.n,
    totalPages: totalPagesOf(total!.n, page.pageSize),
  };
}

/** The designer's fan, or 40400 (another designer's fan included). */
export async function ownFanOrNotFound(db: Database, designerId: number, fanId: number) {
  const fan = await findFan(db, designerId, fanId);
  if (!fan) throw notFound();
  return fan;
}

/** The words a fan carries, by word. */
export async function impressionsOfFan(db: Database, fanId: number): Promise<ImpressionChip[]> {
  return db
    .select({ id: impressions.id, word: impressions.word })
    .from(fanImpressions)
    .innerJoin(impressions, eq(impressions.id, fanImpressions.impressionId))
    .where(eq(fanImpressions.fanId, fanId))
    .orderBy(asc(impressions.word), asc(impressions.id));
}

/**
 * `POST /fans/:id/impressions`: attaches the word to the fan, creating the word when the designer
 * has none of that spelling (case-insensitively). At most 20 words a fan; attaching a word the
 * fan carries already changes nothing. Moves the designer's `impressions` data version.
 */
export async function addFanImpression(
  db: Database,
  designerId: number,
  fanId: number,
  word: string,
  now: Date,
): Promise<ImpressionChip[]> {
  return guardDuplicate(() =>
    db.transaction(async (tx) => {
      await lockDesignerImpressions(tx, designerId);
      await ownFanOrNotFound(tx, designerId, fanId);
      const existing = await findWord(tx, designerId, word);
      const carried = await impressionsOfFan(tx, fanId);
      if (existing && carried.some((chip) => chip.id === existing.id)) return carried;
      if (carried.length >= IMPRESSIONS_PER_FAN_MAX) {
        throw fieldFailure(
          ErrorCode.conflict,
          'word',
          message(impressionsMessages.fanImpressionsAtMost, { max: IMPRESSIONS_PER_FAN_MAX }),
        );
      }
      const target = existing ?? (await insertWord(tx, designerId, word, now));
      await tx
        .insert(fanImpressions)
        .values({ fanId, impressionId: target.id, createdAt: now })
        .onConflictDoNothing();
      await fanDataChanged(tx, designerId, 'impressions');
      return impressionsOfFan(tx, fanId);
    }),
  );
}

/**
 * `DELETE /fans/:id/impressions/:itemId`: the fan no longer carries the word (40400 if it did
 * not); moves the designer's `impressions` data version.
 */
export async function removeFanImpression(
  db: Database,
  designerId: number,
  fanId: number,
  impressionId: number,
): Promise<ImpressionChip[]> {
  return db.transaction(async (tx) => {
    await ownFanOrNotFound(tx, designerId, fanId);
    await ownImpression(tx, designerId, impressionId);
    const gone = await tx
      .delete(fanImpressions)
      .where(and(eq(fanImpressions.fanId, fanId), eq(fanImpressions.impressionId, impressionId)))
      .returning({ fanId: fanImpressions.fanId });
    if (gone.length === 0) throw notFound();
    await fanDataChanged(tx, designerId, 'impressions');
    return impressionsOfFan(tx, fanId);
  });
}
