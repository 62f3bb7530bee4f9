import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { crowdPacks } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import type { JobDefinition } from '../../jobs/index.ts';
import { DAY_MS } from '../../time/business-day.ts';
import { computePack } from './compute.ts';

/** Packs one run refreshes at most (the rest wait for the next minute's run). */
const PACKS_PER_RUN = 50;

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
 * One run of the daily packs' job: refreshes the daily packs that are due, one after the other, each computed
 * as a saved pack is (short statements, one short write; a failure marks it failed and it is
 * tried again a day later); answers how many.
 */
export async function runDueRefreshes(db: Database, now: Date, log?: FastifyBaseLogger): Promise<number> {
  let refreshed = 0;
  while (refreshed < PACKS_PER_RUN) {
    const id = await claimDuePack(db, now);
    if (id === undefined) break;
    await computePack(db, id, now, log);
    refreshed += 1;
  }
  return refreshed;
}

/** The daily packs' job: once a minute, on whichever instance takes it, the due packs refresh. */
export function crowdPackRefreshJob(
  db: Database,
  log: FastifyBaseLogger,
  clock: () => Date,
): JobDefinition<object> {
  return {
    name: 'crowd-packs.refresh-due',
    cron: '* * * * *',
    // The next minute's job tries again; a pack that failed is marked failed and due a day later.
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    policy: 'stately',
    async run() {
      const refreshed = await runDueRefreshes(db, clock(), log);
      if (refreshed > 0) log.info({ refreshed }, 'crowd packs refreshed');
      return { refreshed };
    },
  };
}
