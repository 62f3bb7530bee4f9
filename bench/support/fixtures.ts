import { fanListQuerySchema, ledgerListQuerySchema } from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { cursorScope, encodeCursor } from '../../server/src/http/page-cursor.ts';
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
  /** Deep pages read by cursor (issue 21 item 3), one per keyset-paged list; null without rows there. */
  deep: { fans: DeepCursor | null; ledger: DeepCursor | null; packMembers: DeepCursor | null };
}

/**
 * A `nextCursor` as the server would answer it on the page before `page`: after the row at index
 * `position - 1` of the list in its default order (the newest first), made for the heavy designer.
 */
export interface DeepCursor {
  page: number;
  /** Rows before the page (its offset). */
  position: number;
  cursor: string;
  /** The boundary row: its key (UTC, microseconds) and id, for the hand-written SQL. */
  key: string;
  id: number;
}

/** The page size of the deep-page scenarios. */
export const DEEP_PAGE_SIZE = 20;

const utcKey = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * The cursor of page `wanted` (or of the middle page, when the list is shorter): the list's
 * default order, read once here with an offset.
 */
async function deepCursor(
  db: Database,
  rows: number,
  wanted: number,
  boundary: (offset: number) => SQL,
  scope: string,
): Promise<DeepCursor | null> {
  const page = Math.min(wanted, Math.floor(rows / 2 / DEEP_PAGE_SIZE) + 1);
  if (page < 2) return null;
  const position = (page - 1) * DEEP_PAGE_SIZE;
  const [row] = await rowsOf<{ id: number; key: string }>(db, boundary(position - 1));
  if (!row) return null;
  const cursor = encodeCursor(scope, { side: 'after', position, key: row.key, id: row.id });
  return { page, position, cursor, key: row.key, id: row.id };
}

/** What the server hashes into a cursor: the list's query without paging (defaults filled by the contract). */
const listedOf = (query: Record<string, unknown>) => {
  const { page: _page, pageSize: _size, cursor: _cursor, _t, ...listed } = query;
  return listed;
};

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
  const [ledgerRows] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries where designer_id = ${designerId}`,
  );
  const [members] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from crowd_pack_members where pack_id = ${packs[0]!.id}`,
  );
  const deep = {
    // Page 25,000 like `fans-deep-page` (offset 499,980).
    fans: await deepCursor(
      db,
      fan!.fans,
      25_000,
      (offset) => sql`select id, ${utcKey('followed_at')} as key from fans where designer_id = ${designerId}
          order by followed_at desc, id desc offset ${offset} limit 1`,
      cursorScope('fans', designerId, listedOf(fanListQuerySchema.parse({}))),
    ),
    // Half-way down five million rows.
    ledger: await deepCursor(
      db,
      ledgerRows!.n,
      125_000,
      (
        offset,
      ) => sql`select id, ${utcKey('created_at')} as key from ledger_entries where designer_id = ${designerId}
          order by created_at desc, id desc offset ${offset} limit 1`,
      cursorScope('ledger', designerId, listedOf(ledgerListQuerySchema.parse({}))),
    ),
    // Half-way down pack A's members.
    packMembers: await deepCursor(
      db,
      members!.n,
      Number.MAX_SAFE_INTEGER,
      (offset) => sql`select f.id, ${utcKey('f.followed_at')} as key from crowd_pack_members m
          join fans f on f.id = m.fan_id where m.pack_id = ${packs[0]!.id} and f.designer_id = ${designerId}
          order by f.followed_at desc, f.id desc offset ${offset} limit 1`,
      cursorScope('pack-members', designerId, { packId: packs[0]!.id }),
    ),
  };
  return {
    deep,
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
