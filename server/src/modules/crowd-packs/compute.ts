import type { Combination, Language, RuleGroup } from '@dc/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type FanDataVersions, fanDataVersionsOf } from '../../db/fan-data-versions.ts';
import {
  BudgetExceeded,
  isPglite,
  isStatementTimeout,
  QueryBudget,
  takeTurn,
} from '../../db/query-budget.ts';
import { crowdPackMembers, crowdPackSizes, crowdPacks, fans } from '../../db/schema/index.ts';
import { intArray, rowsOf } from '../../db/sql-helpers.ts';
import { say } from '../../http/messages.ts';
import { DAY_MS } from '../../time/business-day.ts';
import { combinationMembersSql } from './combine.ts';
import type { FanSlice } from './compile.ts';
import { ruleMembersSql } from './compile.ts';
import { firstSliceFans } from './cost.ts';
import { crowdPacksMessages } from './messages.ts';
import { readInSlices, SLICE_TARGET_MS } from './sliced-count.ts';

export type PackRecord = typeof crowdPacks.$inferSelect;

/** How long one pack's computation may run (in the background past the request's budget). */
export const COMPUTE_TIMEOUT_MS = 60_000;

/**
 * Limits the statements of the current transaction (SET LOCAL through set_config, which takes a
 * parameter): a heavy rule cannot hold a connection or the server.
 */
export async function limitStatements(tx: Database, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
}

type PackDefinition = Pick<PackRecord, 'kind' | 'definition' | 'designerId'>;

/** The SQL of a pack's members (`fan_id`), by kind; with `slice`, only that slice of the fans. */
export function membersSqlOf(pack: PackDefinition, now: Date, slice: FanSlice | null = null) {
  return pack.kind === 'rule'
    ? ruleMembersSql(pack.definition as RuleGroup, { designerId: pack.designerId, now }, slice)
    : combinationMembersSql(pack.definition as Combination, pack.designerId, slice);
}

/**
 * Materialises a pack inside `tx` with one `INSERT … SELECT` (issue 8 item 6): its membership is
 * replaced whole, its size, the number of all fans and the time are stored and a point is added
 * to its size history. For the seed and the benchmark's generator, which fill packs before the
 * server serves anyone; requests and the scheduler use `computePack`, which cannot freeze PGlite.
 * `timeoutMs` 0 lifts the limit (a million fans on a busy machine).
 */
export async function materialise(
  tx: Database,
  pack: PackRecord,
  now: Date,
  timeoutMs = COMPUTE_TIMEOUT_MS,
): Promise<number> {
  await limitStatements(tx, timeoutMs);
  const versions = await fanDataVersionsOf(tx, pack.designerId);
  await tx.delete(crowdPackMembers).where(eq(crowdPackMembers.packId, pack.id));
  const [inserted] = await rowsOf<{ n: number }>(
    tx,
    sql`with ins as (
          insert into ${crowdPackMembers} (pack_id, fan_id)
          select ${pack.id}, s.fan_id from (${membersSqlOf(pack, now)}) s
          on conflict do nothing
          returning 1)
        select count(*)::int as n from ins`,
  );
  return storeComputed(tx, pack, inserted!.n, versions, now);
}

/**
 * The pack's size, all fans, state, next refresh and the fan data versions read before its
 * members (`versions`) after its members were written; answers the size.
 */
async function storeComputed(
  tx: Database,
  pack: PackRecord,
  size: number,
  versions: FanDataVersions,
  now: Date,
): Promise<number> {
  const [all] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${fans} where ${fans.designerId} = ${pack.designerId}`,
  );
  await tx
    .update(crowdPacks)
    .set({
      size,
      allFans: all!.n,
      state: 'ready',
      failure: '',
      computedAt: now,
      dataVersions: versions,
      nextRefreshAt: pack.refreshMode === 'daily' ? new Date(now.getTime() + DAY_MS) : null,
    })
    .where(eq(crowdPacks.id, pack.id));
  await tx.insert(crowdPackSizes).values({ packId: pack.id, size, computedAt: now });
  return size;
}

/**
 * Why a computation failed, as stored (`crowd_packs.failure`): a code, put in words in the
 * request's language when the pack is answered (`shownFailure`). '' when it did not fail.
 */
export type PackFailureReason = 'timeout' | 'error';

/** The reason stored for `error`: over the budget or stopped by statement_timeout, else the general one. */
export const failureReasonOf = (error: unknown): PackFailureReason =>
  error instanceof BudgetExceeded || isStatementTimeout(error) ? 'timeout' : 'error';

/** Bilingual sentences stored before the reason codes: read as their reason. */
const LEGACY_TIMEOUT =
  '计算超时：规则过于繁重，请简化后重试 (the rule took too long to compute; simplify it and try again)';

/**
 * What a designer reads about a failed computation, in the request's language: a clear
 * sentence, never the driver's text (it holds the SQL); that goes to the server log
 * (`logComputeFailure`). Any other stored text (a raw one from before) reads as the general one.
 */
export function shownFailure(stored: string, lang: Language = 'zh-CN'): string {
  if (stored === '') return '';
  if (stored === 'timeout' || stored === LEGACY_TIMEOUT) {
    return say(lang, crowdPacksMessages.theRuleTookTooLong);
  }
  return say(lang, crowdPacksMessages.thePackCouldNotBe);
}

/** The whole error (SQL and driver text included) for the operator, in the server log only. */
export function logComputeFailure(log: FastifyBaseLogger | undefined, packId: number, error: unknown): void {
  log?.error({ err: error, packId }, 'crowd pack computation failed');
}

/** A daily pack that failed is tried again a day later (the scheduler must not spin on it). */
const nextRefreshOnFailure = (now: Date) =>
  sql`case when ${crowdPacks.refreshMode} = 'daily' then ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz end`;

/**
 * The pack as it was read, unless saved again since (a newer computation then decides): the same
 * save time and definition (a fixed clock gives two saves the same time).
 */
const sameSave = (read: PackRecord) =>
  and(
    eq(crowdPacks.id, read.id),
    eq(crowdPacks.updatedAt, read.updatedAt),
    sql`${crowdPacks.definition} = ${JSON.stringify(read.definition)}::jsonb`,
  );

/** Members written per statement of the final transaction. */
const WRITE_CHUNK = 5_000;

/**
 * The pack's members, found in fan-id slices (the live counts' slicer: short statements taking
 * turns on PGlite, one statement under statement_timeout on PostgreSQL) within `budget`.
 */
async function membersOf(db: Database, pack: PackRecord, now: Date, budget: QueryBudget): Promise<number[]> {
  const members: number[] = [];
  const engine = isPglite(db) ? 'pglite' : 'postgres';
  const firstSlice = firstSliceFans(
    pack.kind === 'rule' ? (pack.definition as RuleGroup) : null,
    engine,
    SLICE_TARGET_MS,
  );
  await readInSlices<{ fan_id: number }>(
    db,
    pack.designerId,
    budget,
    firstSlice,
    (slice) => membersSqlOf(pack, now, slice),
    (rows) => {
      for (const row of rows) members.push(Number(row.fan_id));
    },
  );
  return members;
}

/** Members read per statement when reading a pack's current members. */
const READ_PAGE = 5_000;

/** The pack's current members, in short keyset pages each in the database's turn. */
async function currentMembersOf(db: Database, packId: number, budget: QueryBudget): Promise<Set<number>> {
  const current = new Set<number>();
  for (let after = 0; ; ) {
    const page = await takeTurn(db, budget, () =>
      db
        .select({ fanId: crowdPackMembers.fanId })
        .from(crowdPackMembers)
        .where(and(eq(crowdPackMembers.packId, packId), gt(crowdPackMembers.fanId, after)))
        .orderBy(crowdPackMembers.fanId)
        .limit(READ_PAGE),
    );
    for (const row of page) current.add(row.fanId);
    if (page.length < READ_PAGE) return current;
    after = page.at(-1)!.fanId;
  }
}

/**
 * Makes the pack's members `members` in one short transaction, unless the pack changed (another
 * save) or went away meanwhile: then the newer computation decides and this one writes nothing.
 * Only the difference from the current members is written (read beforehand in short pages), so
 * a refresh that changes little holds the database for little: on PGlite one transaction
 * rewriting 20,000 members made other requests wait half a second. Fans deleted meanwhile are
 * left out. Answers whether it wrote.
 */
async function writeMembers(
  db: Database,
  read: PackRecord,
  members: number[],
  versions: FanDataVersions,
  now: Date,
  budget: QueryBudget,
): Promise<boolean> {
  const current = await currentMembersOf(db, read.id, budget);
  const target = new Set(members);
  const added = members.filter((fanId) => !current.has(fanId));
  const removed = [...current].filter((fanId) => !target.has(fanId));
  return takeTurn(db, budget, () =>
    db.transaction(async (tx) => {
      if (!isPglite(db)) await limitStatements(tx, Math.max(1_000, Math.ceil(budget.remainingMs)));
      const [pack] = await tx.select().from(crowdPacks).where(sameSave(read)).for('update');
      if (!pack) return false;
      for (let at = 0; at < removed.length; at += WRITE_CHUNK) {
        await tx
          .delete(crowdPackMembers)
          .where(
            and(
              eq(crowdPackMembers.packId, pack.id),
              sql`${crowdPackMembers.fanId} = any(${intArray(removed.slice(at, at + WRITE_CHUNK))})`,
            ),
          );
      }
      for (let at = 0; at < added.length; at += WRITE_CHUNK) {
        await tx.execute(
          sql`insert into ${crowdPackMembers} (pack_id, fan_id)
              select ${pack.id}, ${fans.id} from ${fans}
              where ${fans.designerId} = ${pack.designerId} and ${fans.id} = any(${intArray(added.slice(at, at + WRITE_CHUNK))})
              on conflict do nothing`,
        );
      }
      const [counted] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${crowdPackMembers} where ${crowdPackMembers.packId} = ${pack.id}`,
      );
      await storeComputed(tx, pack, counted!.n, versions, now);
      return true;
    }),
  );
}

/**
 * Computes a pack within `budgetMs` (issue 16 item 4): its members are found in short statements
 * and written in one short transaction at the end, so PGlite keeps serving others meanwhile and
 * nothing is half written. On failure (over the budget included) the pack keeps its previous
 * members and is marked failed with the reason; the error goes to the log.
 */
export async function computePack(
  db: Database,
  packId: number,
  now: Date,
  log?: FastifyBaseLogger,
  budgetMs = COMPUTE_TIMEOUT_MS,
): Promise<void> {
  const budget = new QueryBudget(budgetMs);
  let read: PackRecord | undefined;
  try {
    [read] = await db.select().from(crowdPacks).where(eq(crowdPacks.id, packId));
    if (!read) return;
    // Before the members: a write of fan data committed after this read leaves the pack stale.
    const versions = await fanDataVersionsOf(db, read.designerId);
    const members = await membersOf(db, read, now, budget);
    await writeMembers(db, read, members, versions, now, budget);
  } catch (error) {
    logComputeFailure(log, packId, error);
    await db
      .update(crowdPacks)
      .set({ state: 'failed', failure: failureReasonOf(error), nextRefreshAt: nextRefreshOnFailure(now) })
      .where(read ? sameSave(read) : eq(crowdPacks.id, packId));
  }
}

/** Computations still running in the background, per database: awaited when the server closes. */
const running = new WeakMap<object, Set<Promise<void>>>();
const keyOf = (db: Database) => ((db as { $client?: object }).$client ?? db) as object;

/**
 * Starts computing a pack and waits at most `answerWithinMs` for it (issue 16 item 4): a pack
 * computed by then is answered as computed; else the request answers it in its `computing` state
 * while the computation goes on in the background (it has `COMPUTE_TIMEOUT_MS`), and the pack
 * turns ready or failed when it ends.
 */
export async function computeWithin(
  db: Database,
  packId: number,
  now: Date,
  answerWithinMs: number,
  log?: FastifyBaseLogger,
): Promise<void> {
  const work = inBackground(db, () => computePack(db, packId, now, log), log);
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, answerWithinMs));
  });
  try {
    await Promise.race([work, spent]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `work` (computations) in the background of `db`: the server's close waits for it, and a
 * failure goes to the log. Answers its promise, for whoever wants to wait a little.
 */
export function inBackground(
  db: Database,
  work: () => Promise<void>,
  log?: FastifyBaseLogger,
): Promise<void> {
  const key = keyOf(db);
  let set = running.get(key);
  if (!set) {
    set = new Set();
    running.set(key, set);
  }
  const promise = work().catch((error: unknown) =>
    log?.error({ err: error }, 'crowd pack computation failed'),
  );
  set.add(promise);
  void promise.finally(() => set.delete(promise));
  return promise;
}

/** Waits for the background computations of `db` (the server's `onClose`, before the database closes). */
export async function settleComputations(db: Database): Promise<void> {
  const set = running.get(keyOf(db));
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
