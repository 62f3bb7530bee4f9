import type { Combination, RuleGroup } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isStatementTimeout } from '../../db/query-budget.ts';
import { crowdPackMembers, crowdPackSizes, crowdPacks, fans } from '../../db/schema/index.ts';
import { rowsOf } from '../tags/lock.ts';
import { combinationMembersSql } from './combine.ts';
import { ruleMembersSql } from './compile.ts';

export type PackRecord = typeof crowdPacks.$inferSelect;

/** How long a live count may run before PostgreSQL stops it (57014 → 40000 "too heavy"). */
export const LIVE_COUNT_TIMEOUT_MS = 5_000;
/** How long materialising one pack may run. */
export const COMPUTE_TIMEOUT_MS = 60_000;
export const DAY_MS = 86_400_000;

/**
 * Limits the statements of the current transaction (SET LOCAL through set_config, which takes a
 * parameter): a heavy rule cannot hold a connection or the server.
 */
export async function limitStatements(tx: Database, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
}

/** The SQL of a pack's members (`fan_id`), by kind. */
export function membersSqlOf(pack: Pick<PackRecord, 'kind' | 'definition' | 'designerId'>, now: Date) {
  return pack.kind === 'rule'
    ? ruleMembersSql(pack.definition as RuleGroup, { designerId: pack.designerId, now })
    : combinationMembersSql(pack.definition as Combination, pack.designerId);
}

/**
 * Materialises a pack inside `tx` (issue 8 item 6): its membership is replaced whole, its size,
 * the number of all fans and the time are stored and a point is added to its size history. A
 * daily pack's next refresh is a day later. Answers the new size. `timeoutMs` 0 lifts the limit
 * (the benchmark's generator, filling packs of a million fans on a busy machine).
 */
export async function materialise(
  tx: Database,
  pack: PackRecord,
  now: Date,
  timeoutMs = COMPUTE_TIMEOUT_MS,
): Promise<number> {
  await limitStatements(tx, timeoutMs);
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
  const size = inserted!.n;
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
      nextRefreshAt: pack.refreshMode === 'daily' ? new Date(now.getTime() + DAY_MS) : null,
    })
    .where(eq(crowdPacks.id, pack.id));
  await tx.insert(crowdPackSizes).values({ packId: pack.id, size, computedAt: now });
  return size;
}

/**
 * What a designer reads about a failed computation: a clear sentence in both languages, never
 * the driver's text (it holds the SQL); that goes to the server log (`logComputeFailure`).
 */
export const PACK_FAILURES = {
  timeout:
    '计算超时：规则过于繁重，请简化后重试 (the rule took too long to compute; simplify it and try again)',
  error: '计算失败，请稍后重试 (the pack could not be computed; try again later)',
} as const;

/** The failure shown for `error`: the timeout's sentence for a statement stopped in time, else the general one. */
export const failureText = (error: unknown): string =>
  isStatementTimeout(error) ? PACK_FAILURES.timeout : PACK_FAILURES.error;

/** A stored failure as answered: one of the sentences above (a legacy raw text reads as the general one). */
export const shownFailure = (stored: string): string =>
  stored === '' || (Object.values(PACK_FAILURES) as string[]).includes(stored) ? stored : PACK_FAILURES.error;

/** The whole error (SQL and driver text included) for the operator, in the server log only. */
export function logComputeFailure(log: FastifyBaseLogger | undefined, packId: number, error: unknown): void {
  log?.error({ err: error, packId }, 'crowd pack computation failed');
}

/** A daily pack that failed is tried again a day later (the scheduler must not spin on it). */
const nextRefreshOnFailure = (now: Date) =>
  sql`case when ${crowdPacks.refreshMode} = 'daily' then ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz end`;

/**
 * Computes a pack in its own transaction; on failure the pack is marked failed (with why) and
 * keeps its previous membership.
 */
export async function computePack(
  db: Database,
  packId: number,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [pack] = await tx.select().from(crowdPacks).where(eq(crowdPacks.id, packId)).for('update');
      if (!pack) return;
      await materialise(tx, pack, now);
    });
  } catch (error) {
    logComputeFailure(log, packId, error);
    await db
      .update(crowdPacks)
      .set({ state: 'failed', failure: failureText(error), nextRefreshAt: nextRefreshOnFailure(now) })
      .where(eq(crowdPacks.id, packId));
  }
}
