import { type AnyColumn, and, eq, getTableColumns, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * Keyset paging's SQL (issue 21 item 3): a list ordered by (sort key, id), both in the list's
 * direction, read from a boundary with a row comparison `(key, id) < (k, i)`. PostgreSQL answers
 * that comparison as a range of a btree index on (designer, key, id), so a page costs the same at
 * any depth; the key must never be null (a nullable column is sorted through a coalescing
 * expression with a matching expression index, see fans' age).
 */

/** How a key is carried in a cursor and cast back: text that round-trips exactly. */
export type KeysetKeyType = 'timestamptz' | 'int' | 'bigint';

export interface KeysetSort {
  /** The sort expression (a column, or an expression an index was built on; no parameters in it). */
  key: AnyColumn | SQL;
  type: KeysetKeyType;
  id: AnyColumn;
  direction: 'asc' | 'desc';
}

/** One side of a row in list order. */
export interface KeysetBoundary {
  /** The key as `keysetKeyText` answered it. */
  key: string;
  id: number;
}

/**
 * The key as text. Timestamps in UTC with microseconds: a JS Date keeps milliseconds, and a key
 * cut to them would skip or repeat rows whose times differ below a millisecond.
 */
export const keysetKeyText = (sort: KeysetSort): SQL =>
  sort.type === 'timestamptz'
    ? sql`to_char(${sort.key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`(${sort.key})::text`;

/** What the text of a key of each type must look like (checked before it reaches SQL). */
export const keysetKeyPattern: Record<KeysetKeyType, RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  int: /^-?\d{1,10}$/,
  bigint: /^-?\d{1,19}$/,
};

const INT_RANGE = [-(2n ** 31n), 2n ** 31n - 1n] as const;
const BIGINT_RANGE = [-(2n ** 63n), 2n ** 63n - 1n] as const;

/** Whether `text` is a key of `type` that PostgreSQL will take without an error. */
export function isKeysetKey(type: KeysetKeyType, text: string): boolean {
  if (!keysetKeyPattern[type].test(text)) return false;
  if (type === 'timestamptz') {
    const at = Date.parse(text);
    return Number.isFinite(at) && new Date(at).toISOString().slice(0, 19) === text.slice(0, 19);
  }
  const [low, high] = type === 'int' ? INT_RANGE : BIGINT_RANGE;
  const value = BigInt(text);
  return value >= low && value <= high;
}

const keyValue = (sort: KeysetSort, text: string): SQL =>
  sort.type === 'timestamptz'
    ? sql`${text}::timestamptz`
    : sort.type === 'int'
      ? sql`${text}::int`
      : sql`${text}::bigint`;

const ascending = (sort: KeysetSort, reversed: boolean) => (sort.direction === 'asc') !== reversed;

/** ORDER BY of the list (`reversed`: read towards its start). */
export function keysetOrder(sort: KeysetSort, reversed = false): SQL[] {
  const dir = sql.raw(ascending(sort, reversed) ? 'asc' : 'desc');
  return [sql`${sort.key} ${dir}`, sql`${sort.id} ${dir}`];
}

/**
 * The rows after (`side` after) or before the boundary in list order. Read the "before" rows in
 * `keysetOrder(sort, true)` and reverse them.
 */
export function keysetSeek(sort: KeysetSort, boundary: KeysetBoundary, side: 'after' | 'before'): SQL {
  const greater = ascending(sort, side === 'before');
  return sql`(${sort.key}, ${sort.id}) ${sql.raw(greater ? '>' : '<')} (${keyValue(sort, boundary.key)}, ${boundary.id}::int)`;
}

/**
 * One read of a page: `limit` rows after (or, `reversed`, before) the seek boundary, or from the
 * list's start, past `skip` rows.
 */
export interface KeysetRead {
  seek?: { boundary: KeysetBoundary; side: 'after' | 'before' };
  reversed: boolean;
  limit: number;
  skip: number;
}

/** A table whose rows are keyed by an integer `id`. */
type IdTable = PgTable & { id: PgColumn };

/**
 * A page of `table`'s rows matching `where`, each with its sort key as cursor text. The page's
 * ids are read first, then their rows: skipping an offset walks only the sort's index (an
 * index-only scan), not the rows themselves (page 25,000 of a million fans: 2.6 s → 0.6 s).
 */
export function readRowsByKeyset<T extends IdTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  sort: KeysetSort,
  { seek, reversed, limit, skip }: KeysetRead,
): Promise<(InferSelectModel<T> & { cursorKey: string })[]> {
  const order = keysetOrder(sort, reversed);
  const pageIds = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(where, seek ? keysetSeek(sort, seek.boundary, seek.side) : undefined))
    .orderBy(...order)
    .limit(limit)
    .offset(skip)
    .as('page_ids');
  return db
    .select({ ...getTableColumns(table as PgTable), cursorKey: keysetKeyText(sort).mapWith(String) })
    .from(table as PgTable)
    .innerJoin(pageIds, eq(table.id, pageIds.id))
    .orderBy(...order) as unknown as Promise<(InferSelectModel<T> & { cursorKey: string })[]>;
}
