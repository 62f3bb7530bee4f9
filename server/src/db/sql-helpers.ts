import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { designers } from './schema/index.ts';

/** Rows of a raw query on PGlite and node-postgres alike. */
export async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An int[] parameter as one value (`'{1,2,3}'::int[]`): any length, never one parameter per id. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** A text[] parameter: one value whatever the list's length. */
export const textArray = (items: readonly string[]) =>
  sql`${`{${items.map((item) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** SQL LIKE pattern matching `keyword` anywhere, with `%`, `_` and `\` taken literally. */
export const likePattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column ILIKE %keyword%` (the default escape character is `\`). */
export const containsText = (column: AnyColumn, keyword: string): SQL =>
  sql`${column} ilike ${likePattern(keyword)}`;

/** Number of a `sum()`/`count()` that PostgreSQL answers as numeric or bigint (a string). */
export const sumOf = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

/**
 * Locks the designer's row until the transaction ends, so that rules counting or flagging the
 * designer's rows (at most 20 addresses, one default, one active application) run one at a time.
 */
export async function lockDesigner(tx: Database, designerId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: designers.id })
    .from(designers)
    .where(eq(designers.id, designerId))
    .for('update');
  return rows.length > 0;
}
