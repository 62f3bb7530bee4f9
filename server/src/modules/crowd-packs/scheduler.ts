import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { crowdPacks } from '../../db/schema/index.ts';
import { rowsOf } from '../tags/lock.ts';
import { DAY_MS, failureText, logComputeFailure, materialise, type PackRecord } from './compute.ts';

/** How often each server instance looks for daily packs that are due. */
export const SCHEDULER_INTERVAL_MS = 60_000;
/** Packs one tick refreshes at most (the rest wait for the next tick). */
const PACKS_PER_TICK = 50;

/**
 * Takes one due daily pack and refreshes it, in one transaction holding the pack's row lease:
 * `FOR UPDATE SKIP LOCKED`, so several server instances ticking at once each take a different
 * pack and none computes a pack twice (after the commit its next refresh is a day away). Rule
 * packs come before combined ones, which read their snapshots. Answers false when none is due.
 */
async function refreshOneDuePack(db: Database, now: Date, log?: FastifyBaseLogger): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await rowsOf<{ id: number }>(
      tx,
      sql`select ${crowdPacks.id} as id from ${crowdPacks}
          where ${crowdPacks.refreshMode} = 'daily' and ${crowdPacks.nextRefreshAt} <= ${now.toISOString()}::timestamptz
          order by ${crowdPacks.kind} desc, ${crowdPacks.nextRefreshAt}, ${crowdPacks.id}
          limit 1 for update skip locked`,
    );
    if (!due) return false;
    const [pack] = (await tx
      .select()
      .from(crowdPacks)
      .where(sql`${crowdPacks.id} = ${due.id}`)) as PackRecord[];
    try {
      // A savepoint: a failed computation rolls back alone and the pack is marked failed.
      await tx.transaction((inner) => materialise(inner, pack!, now));
    } catch (error) {
      logComputeFailure(log, due.id, error);
      await tx
        .update(crowdPacks)
        .set({
          state: 'failed',
          failure: failureText(error),
          nextRefreshAt: new Date(now.getTime() + DAY_MS),
        })
        .where(sql`${crowdPacks.id} = ${due.id}`);
    }
    return true;
  });
}

/** One scheduler tick: refreshes the daily packs that are due; answers how many. */
export async function runDueRefreshes(db: Database, now: Date, log?: FastifyBaseLogger): Promise<number> {
  let refreshed = 0;
  while (refreshed < PACKS_PER_TICK && (await refreshOneDuePack(db, now, log))) refreshed += 1;
  return refreshed;
}

/**
 * Starts the in-process scheduler of daily packs; answers the function that stops it (an
 * `onClose` hook). A tick never overlaps the previous one in the same process; other processes
 * are kept apart by the row lease.
 */
export function startCrowdPackScheduler(
  db: Database,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
  intervalMs = SCHEDULER_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runDueRefreshes(db, clock(), log)
      .then((n) => {
        if (n > 0) log.info({ refreshed: n }, 'crowd packs refreshed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'crowd pack refresh failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
