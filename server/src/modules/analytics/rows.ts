import type { SQL } from 'drizzle-orm';
import { rowsOf as rowsOfRunner } from '../../db/sql-helpers.ts';
import { type BudgetedReads, readWithin } from '../../http/statistics-budget.ts';

/**
 * Rows of a raw query (PGlite and node-postgres both answer `{rows}`), read within the request's
 * time budget (issue 16 item 4): in the database's turn, stopped by statement_timeout on PostgreSQL.
 */
export async function rowsOf<T>(reads: BudgetedReads, query: SQL): Promise<T[]> {
  return readWithin(reads, (runner) => rowsOfRunner<T>(runner, query));
}

/** A bigint or numeric column (a string on the wire from the driver) as a number. */
export const num = (value: string | number | null | undefined): number => Number(value ?? 0);
