import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Rows of a raw query (PGlite and node-postgres both answer `{rows}`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A bigint or numeric column (a string on the wire from the driver) as a number. */
export const num = (value: string | number | null | undefined): number => Number(value ?? 0);
