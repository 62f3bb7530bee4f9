import {
  ErrorCode,
  type Language,
  type ListPage,
  PACK_NAME_MAX,
  type PackBodyValue,
  type PackDetail,
  type PackRow,
  type packListQuerySchema,
} from '@dc/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { crowdPackSizes, crowdPackSources, crowdPacks } from '../../db/schema/index.ts';
import { containsText } from '../../db/sql-helpers.ts';
import { ApiError } from '../../http/api-error.ts';
import { fieldFailure, uniqueViolation } from '../../http/failures.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import { say } from '../../http/messages.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { recordDeletion } from '../audit/index.ts';
import { sourcesOf } from './combine.ts';
import { computeWithin, type PackRecord } from './compute.ts';
import { crowdPacksMessages } from './messages.ts';
import { checkCombinationSources, checkRuleReferences } from './references.ts';
import { ownPack, type PackView, packRowsOf } from './rows.ts';

type ListQuery = z.output<typeof packListQuerySchema>;

/**
 * How a saving request answers: the failure sentence in `lang`, and the pack as computed when
 * its computation ends within `answerWithinMs` (the query budget), else in its `computing`
 * state while the computation goes on in the background (issue 16 item 4).
 */
export interface PackAnswer {
  lang?: Language;
  answerWithinMs?: number;
  log?: FastifyBaseLogger;
}
const DEFAULT_ANSWER_WITHIN_MS = 5_000;

async function computeAndAnswer(
  db: Database,
  designerId: number,
  id: number,
  now: Date,
  answer: PackAnswer,
): Promise<PackRow> {
  await computeWithin(db, id, now, answer.answerWithinMs ?? DEFAULT_ANSWER_WITHIN_MS, answer.log);
  return rowOf(db, designerId, id, answer.lang ?? 'zh-CN', { now });
}

const HISTORY_POINTS = 90;

const nameTaken = () => fieldFailure(ErrorCode.conflict, 'name', crowdPacksMessages.nameTaken);

async function guardName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw nameTaken();
    throw error;
  }
}

/**
 * `GET /crowd-packs`: newest change first, with relations; the stale packs of the page start
 * refreshing (the list is where a designer reads sizes).
 */
export async function listPacks(
  db: Database,
  designerId: number,
  query: ListQuery,
  lang: Language,
  view: PackView,
): Promise<ListPage<PackRow>> {
  const conditions: Array<SQL | undefined> = [eq(crowdPacks.designerId, designerId)];
  if (query.keyword) conditions.push(containsText(crowdPacks.name, query.keyword));
  if (query.kind) conditions.push(eq(crowdPacks.kind, query.kind));
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(crowdPacks)
      .where(where)
      .orderBy(direction(crowdPacks.updatedAt), direction(crowdPacks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(crowdPacks).where(where),
  ]);
  return {
    dataList: await packRowsOf(db, records, lang, { ...view, refresh: true }),
    totalNumber: total!.n,
    totalPages: totalPagesOf(total!.n, query.pageSize),
  };
}

async function rowOf(
  db: Database,
  designerId: number,
  id: number,
  lang: Language,
  view: PackView,
): Promise<PackRow> {
  const [row] = await packRowsOf(db, [await ownPack(db, designerId, id)], lang, view);
  return row!;
}

/**
 * `GET /crowd-packs/:id`: the pack, its relations and the latest 90 sizes, oldest first; a stale
 * pack starts refreshing and is answered computing (the detail polls until it is ready).
 */
export async function packDetail(
  db: Database,
  designerId: number,
  id: number,
  lang: Language,
  view: PackView,
): Promise<PackDetail> {
  const pack = await rowOf(db, designerId, id, lang, { ...view, refresh: true });
  const history = await db
    .select()
    .from(crowdPackSizes)
    .where(eq(crowdPackSizes.packId, id))
    .orderBy(desc(crowdPackSizes.computedAt), desc(crowdPackSizes.id))
    .limit(HISTORY_POINTS);
  return {
    pack,
    sizeHistory: history
      .reverse()
      .map((point) => ({ at: toWireDateTime(point.computedAt), size: point.size })),
  };
}

/** Checks what the definition refers to and answers the stored definition and its sources. */
async function checkDefinition(tx: Database, designerId: number, body: PackBodyValue) {
  if (body.kind === 'rule') {
    await checkRuleReferences(tx, designerId, body.rule);
    return { definition: body.rule as unknown, sources: [] as number[] };
  }
  await checkCombinationSources(tx, designerId, body.combination);
  return { definition: body.combination as unknown, sources: sourcesOf(body.combination) };
}

async function replaceSources(tx: Database, packId: number, sources: number[]) {
  await tx.delete(crowdPackSources).where(eq(crowdPackSources.packId, packId));
  if (sources.length > 0) {
    await tx.insert(crowdPackSources).values(sources.map((sourcePackId) => ({ packId, sourcePackId })));
  }
}

/**
 * `POST /crowd-packs`: saved (state computing) in one transaction, then computed (its members
 * found in short statements, written in one short transaction), so a failing computation leaves
 * a saved pack marked failed rather than losing the definition; a long one is answered computing.
 */
export async function createPack(
  db: Database,
  designerId: number,
  body: PackBodyValue,
  now: Date,
  answer: PackAnswer = {},
): Promise<PackRow> {
  const created = await guardName(() =>
    db.transaction(async (tx) => {
      const { definition, sources } = await checkDefinition(tx, designerId, body);
      const [row] = await tx
        .insert(crowdPacks)
        .values({
          designerId,
          name: body.name,
          kind: body.kind,
          definition,
          refreshMode: body.refreshMode,
          state: 'computing',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await replaceSources(tx, row!.id, sources);
      return row!;
    }),
  );
  return computeAndAnswer(db, designerId, created.id, now, answer);
}

/** `PUT /crowd-packs/:id`: a pack keeps its kind (40000 on `kind`); recomputed after saving. */
export async function updatePack(
  db: Database,
  designerId: number,
  id: number,
  body: PackBodyValue,
  now: Date,
  answer: PackAnswer = {},
): Promise<PackRow> {
  await guardName(() =>
    db.transaction(async (tx) => {
      const pack = await ownPack(tx, designerId, id, true);
      if (pack.kind !== body.kind) {
        throw fieldFailure(ErrorCode.validation, 'kind', crowdPacksMessages.keepsItsKind);
      }
      const { definition, sources } = await checkDefinition(tx, designerId, body);
      await tx
        .update(crowdPacks)
        .set({
          name: body.name,
          definition,
          refreshMode: body.refreshMode,
          state: 'computing',
          updatedAt: now,
        })
        .where(eq(crowdPacks.id, id));
      await replaceSources(tx, id, sources);
    }),
  );
  return computeAndAnswer(db, designerId, id, now, answer);
}

/** `DELETE /crowd-packs/:id`: refused (40900) while a combined pack uses it, naming them. */
export async function deletePack(
  db: Database,
  designerId: number,
  id: number,
  lang: Language,
): Promise<void> {
  await db.transaction(async (tx) => {
    const pack = await ownPack(tx, designerId, id, true);
    const users = await tx
      .select({ name: crowdPacks.name })
      .from(crowdPackSources)
      .innerJoin(crowdPacks, eq(crowdPacks.id, crowdPackSources.packId))
      .where(eq(crowdPackSources.sourcePackId, id))
      .orderBy(crowdPacks.name);
    if (users.length > 0) {
      const names = users.map((u) => u.name).join(say(lang, crowdPacksMessages.listSeparator));
      throw new ApiError(ErrorCode.conflict, say(lang, crowdPacksMessages.usedByCombinedPacks, { names }), {
        usedBy: users.map((u) => u.name),
      });
    }
    await tx.delete(crowdPacks).where(eq(crowdPacks.id, id));
    await recordDeletion(tx, designerId, { type: 'crowd-pack', id, label: pack.name }, new Date());
  });
}

/** A free name `base 副本`, `base 副本 2`… cut to 32 characters. */
async function copyName(tx: Database, designerId: number, base: string, lang: Language): Promise<string> {
  const suffix = say(lang, crowdPacksMessages.copy);
  for (let n = 1; n < 1000; n++) {
    const tail = n === 1 ? suffix : `${suffix} ${n}`;
    const name = `${base.slice(0, PACK_NAME_MAX - tail.length)}${tail}`;
    const [taken] = await tx
      .select({ id: crowdPacks.id })
      .from(crowdPacks)
      .where(and(eq(crowdPacks.designerId, designerId), sql`lower(${crowdPacks.name}) = lower(${name})`));
    if (!taken) return name;
  }
  throw nameTaken();
}

/** `POST /crowd-packs/:id/copy`: the same definition under a free name, computed. */
export async function copyPack(
  db: Database,
  designerId: number,
  id: number,
  lang: Language,
  now: Date,
  answer: PackAnswer = {},
): Promise<PackRow> {
  const copy = await guardName(() =>
    db.transaction(async (tx) => {
      const pack = await ownPack(tx, designerId, id);
      const [row] = await tx
        .insert(crowdPacks)
        .values({
          designerId,
          name: await copyName(tx, designerId, pack.name, lang),
          kind: pack.kind,
          definition: pack.definition,
          refreshMode: pack.refreshMode,
          state: 'computing',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const sources = await tx
        .select({ id: crowdPackSources.sourcePackId })
        .from(crowdPackSources)
        .where(eq(crowdPackSources.packId, id));
      await replaceSources(
        tx,
        row!.id,
        sources.map((s) => s.id),
      );
      return row as PackRecord;
    }),
  );
  return computeAndAnswer(db, designerId, copy.id, now, answer);
}

/** `POST /crowd-packs/:id/refresh`: materialised again now. */
export async function refreshPack(
  db: Database,
  designerId: number,
  id: number,
  now: Date,
  answer: PackAnswer = {},
): Promise<PackRow> {
  await ownPack(db, designerId, id);
  await db.update(crowdPacks).set({ state: 'computing' }).where(eq(crowdPacks.id, id));
  return computeAndAnswer(db, designerId, id, now, answer);
}
