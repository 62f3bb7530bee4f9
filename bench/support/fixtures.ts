import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { LIVE_COUNT_SAMPLING, samplePercentFor } from '../../server/src/modules/crowd-packs/analysis.ts';
import { COMBINATION_PACKS } from '../data/crowd-packs.ts';
import { HEAVY_ACCOUNT } from '../data/volumes.ts';

/** Ids and days the scenarios ask about, read from the generated data. */
export interface Fixtures {
  designerId: number;
  /** A fan in the middle of the heavy designer's fans. */
  fanId: number;
  tagIds: number[];
  /** The three combination packs A, B, C. */
  packIds: [number, number, number];
  /** Today and earlier business days (Asia/Shanghai), `YYYY-MM-DD`. */
  today: string;
  daysAgo: (days: number) => string;
  /** The business year (for ages). */
  year: number;
  /** Ledger rows of the export scenario's range. */
  exportRows: number;
  /**
   * The share of the table's pages a live crowd-pack count samples for the heavy designer (as
   * the server works it out from the planner's estimate); 100 when it counts every fan.
   */
  samplePercent: number;
}

export const rowsOf = async <T>(db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const businessDay = (instant: number) => new Date(instant + 8 * 3_600_000).toISOString().slice(0, 10);

/** Days of ledger the export covers: a fifth of the year, a million rows of five million. */
export const EXPORT_DAYS = 73;

export async function readFixtures(db: Database): Promise<Fixtures> {
  const [designer] = await rowsOf<{ id: number }>(
    db,
    sql`select id from designers where account = ${HEAVY_ACCOUNT}`,
  );
  if (!designer) throw new Error('no heavy designer in the bench database');
  const designerId = designer.id;
  const [fan] = await rowsOf<{ id: number; fans: number }>(
    db,
    sql`select (min(id) + count(*) / 2)::int as id, count(*)::int as fans from fans where designer_id = ${designerId}`,
  );
  const tags = await rowsOf<{ id: number }>(
    db,
    sql`select id from tags where designer_id = ${designerId} order by id`,
  );
  const packs = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name from crowd_packs where designer_id = ${designerId}
        and name in (${sql.join(
          COMBINATION_PACKS.map((name) => sql`${name}`),
          sql`, `,
        )}) order by name`,
  );
  if (packs.length !== 3) throw new Error('the three combination packs are missing');
  const now = Date.now();
  const daysAgo = (days: number) => businessDay(now - days * 86_400_000);
  const [exported] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries where designer_id = ${designerId}
        and created_at >= (${daysAgo(EXPORT_DAYS - 1)}::date::timestamp at time zone 'Asia/Shanghai')`,
  );
  return {
    designerId,
    fanId: fan!.id,
    tagIds: tags.map((t) => t.id),
    packIds: [packs[0]!.id, packs[1]!.id, packs[2]!.id],
    today: daysAgo(0),
    daysAgo,
    year: Number(daysAgo(0).slice(0, 4)),
    exportRows: exported!.n,
    samplePercent: fan!.fans > LIVE_COUNT_SAMPLING.aboveFans ? samplePercentFor(fan!.fans) : 100,
  };
}
