import type { Combination, RuleGroup } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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

/** A failure's text for the list (no stack, bounded). */
export const failureText = (error: unknown): string => {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  if (code === '57014') return 'the rule took too long to compute';
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
};

/** A daily pack that failed is tried again a day later (the scheduler must not spin on it). */
const nextRefreshOnFailure = (now: Date) =>
  sql`case when ${crowdPacks.refreshMode} = 'daily' then ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz end`;

/**
 * Computes a pack in its own transaction; on failure the pack is marked failed (with why) and
 * keeps its previous membership.
 */
export async function computePack(db: Database, packId: number, now: Date): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [pack] = await tx.select().from(crowdPacks).where(eq(crowdPacks.id, packId)).for('update');
      if (!pack) return;
      await materialise(tx, pack, now);
    });
  } catch (error) {
    await db
      .update(crowdPacks)
      .set({ state: 'failed', failure: failureText(error), nextRefreshAt: nextRefreshOnFailure(now) })
      .where(eq(crowdPacks.id, packId));
  }
}
