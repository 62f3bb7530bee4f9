import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { isPglite, QueryBudget, takeTurn } from './query-budget.ts';
import { rowsOf } from './sql-helpers.ts';

/**
 * Planner statistics on PGlite. PGlite has no autovacuum, so nothing ever ANALYZEd its tables:
 * the planner kept the row counts of the freshly migrated database (55 pack members, 33 fans)
 * and read a 50-fan export page by hashing all 20,000 of the designer's fans (70 ms a page, 19 s
 * an export; 2.8 s once analysed). This stands in for autovacuum's analyze: a table is analysed
 * once its size has moved by more than a tenth (plus a few pages) since its statistics were
 * taken. PGlite's activity counters (`n_mod_since_analyze`) are not flushed in single-user mode,
 * so the size is the signal. PostgreSQL servers keep their own autovacuum.
 */
export const PLANNER_STATISTICS_INTERVAL_MS = 5 * 60_000;
const PAGE_BYTES = 8192;
/** One table's ANALYZE samples at most 30,000 rows: tens of milliseconds, taken in a heavy turn. */
const ANALYZE_BUDGET_MS = 60_000;

/** The tables of the public schema whose size has moved since their statistics were taken. */
async function tablesGrownSinceAnalyze(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and abs(pg_relation_size(c.oid) / ${PAGE_BYTES} - greatest(c.relpages, 0))
          > greatest(c.relpages, 0) / 10 + 4
    order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * Analyses the tables whose size has moved (on PGlite only), one statement each, each in the
 * database's heavy turn so light requests go first; answers the tables analysed.
 */
export async function refreshPlannerStatistics(db: Database): Promise<string[]> {
  if (!isPglite(db)) return [];
  const budget = new QueryBudget(ANALYZE_BUDGET_MS);
  const tables = await tablesGrownSinceAnalyze(db);
  for (const table of tables) {
    await takeTurn(db, budget, () => db.execute(sql`analyze ${sql.identifier(table)}`));
  }
  return tables;
}

/**
 * Refreshes the statistics now and every `intervalMs` on PGlite; answers the function that
 * stops it (an `onClose` hook). Does nothing on PostgreSQL.
 */
export function startPlannerStatistics(
  db: Database,
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
  intervalMs = PLANNER_STATISTICS_INTERVAL_MS,
): () => Promise<void> {
  if (!isPglite(db)) return async () => {};
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = refreshPlannerStatistics(db)
      .then((tables) => {
        if (tables.length > 0) log.info({ tables }, 'planner statistics refreshed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'planner statistics refresh failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
