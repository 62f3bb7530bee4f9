import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { crowdPacks } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { DAY_MS } from '../../time/business-day.ts';
import { computePack } from './compute.ts';

/** How often each server instance looks for daily packs that are due. */
export const SCHEDULER_INTERVAL_MS = 60_000;
/** Packs one tick refreshes at most (the rest wait for the next tick). */
const PACKS_PER_TICK = 50;

/**
 * Claims one due daily pack: its next refresh moves a day on in the statement that picks it
 * (`FOR UPDATE SKIP LOCKED`), so several server instances ticking at once each take a different
 * pack and none computes a pack twice, and no transaction stays open while it is computed. Rule
 * packs come before combined ones, which read their snapshots. Answers its id, or undefined when
 * none is due.
 */
async function claimDuePack(db: Database, now: Date): Promise<number | undefined> {
  const [claimed] = await rowsOf<{ id: number }>(
    db,
    sql`update ${crowdPacks} set next_refresh_at = ${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz,
               state = 'computing'
        where ${crowdPacks.id} = (
          select ${crowdPacks.id} from ${crowdPacks}
          where ${crowdPacks.refreshMode} = 'daily' and ${crowdPacks.nextRefreshAt} <= ${now.toISOString()}::timestamptz
          order by ${crowdPacks.kind} desc, ${crowdPacks.nextRefreshAt}, ${crowdPacks.id}
          limit 1 for update skip locked)
        returning ${crowdPacks.id} as id`,
  );
  return claimed?.id;
}

/**
 * One scheduler tick: refreshes the daily packs that are due, one after the other, each computed
 * as a saved pack is (short statements, one short write; a failure marks it failed and it is
 * tried again a day later); answers how many.
 */
export async function runDueRefreshes(db: Database, now: Date, log?: FastifyBaseLogger): Promise<number> {
  let refreshed = 0;
  while (refreshed < PACKS_PER_TICK) {
    const id = await claimDuePack(db, now);
    if (id === undefined) break;
    await computePack(db, id, now, log);
    refreshed += 1;
  }
  return refreshed;
}

/**
 * Starts the in-process scheduler of daily packs; answers the function that stops it (an
 * `onClose` hook). A tick never overlaps the previous one in the same process; other processes
 * are kept apart by the claim.
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
