import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';
import { queryRows } from '../../support/test-app.ts';

/** The app's tables (drizzle's own bookkeeping left out). */
export async function appTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Row counts of every table, in one round trip: a rejected request must leave them all as they were. */
export async function allRowCounts(db: Database, tables: string[]): Promise<Record<string, number>> {
  const parts = tables.map(
    (table) => sql`select ${table}::text as t, count(*)::int as n from ${sql.raw(`"${table}"`)}`,
  );
  const rows = await queryRows<{ t: string; n: number }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}
