import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { budgetedRows, isPglite, type QueryBudget, takeTurn } from '../../db/query-budget.ts';
import { designerFanIdsSql, type FanSlice } from './compile.ts';

/**
 * How long one slice statement should take. PGlite runs one statement at a time in this
 * process, so a light request (another designer's page, `/health`) waits at most about this
 * long behind a heavy count's slice, for each statement it runs.
 */
export const SLICE_TARGET_MS = 20;
const SLICE_MIN_IDS = 50;
const SLICE_MAX_IDS = 1_000_000;

const clampSlice = (ids: number) => Math.min(SLICE_MAX_IDS, Math.max(SLICE_MIN_IDS, Math.round(ids)));

/**
 * The next slice's width (in fan ids) from how long the last one took: toward the target, at
 * most ×4 at once (a run of ids that are other designers' fans is crossed in a few steps), and
 * never below half the first estimate: every statement is planned anew, and a slice much smaller
 * than the estimate would spend its time planning.
 */
function nextSliceIds(ids: number, tookMs: number, first: number): number {
  const scaled = (ids * SLICE_TARGET_MS) / Math.max(tookMs, 0.5);
  return clampSlice(Math.max(first / 2, Math.min(ids * 4, Math.max(ids / 4, scaled))));
}

/**
 * The rows of a statement over the designer's fans within the budget (issue 16 item 4), read in
 * the way the database can bear. On PGlite, which runs one statement at a time inside this
 * process, as a run of short statements: `sliceSql` reads the fans of one id range, from the
 * designer's lowest fan id to the highest; each slice takes the database's turn (heavy requests
 * alternate, light ones go first) and is checked against the budget before it starts, and
 * `onRows` receives each slice's rows in id order. On PostgreSQL, one statement
 * (`sliceSql(null)`) stopped by statement_timeout at the time left. Throws `BudgetExceeded`
 * past the budget. The one slicer of live counts and pack computations.
 */
export async function readInSlices<Row>(
  db: Database,
  designerId: number,
  budget: QueryBudget,
  firstSliceIds: number,
  sliceSql: (slice: FanSlice | null) => SQL,
  onRows: (rows: Row[]) => void,
): Promise<void> {
  if (!isPglite(db)) {
    // PostgreSQL runs it in a backend of its own, beside the other requests, and stops it at the
    // time left (statement_timeout): one statement.
    onRows(await budgetedRows<Row>(db, budget, sliceSql(null)));
    return;
  }
  const [ids] = await takeTurn(db, budget, () =>
    budgetedRows<{ lo: number | null; hi: number | null }>(db, budget, designerFanIdsSql(designerId)),
  );
  if (ids?.lo === null || ids?.lo === undefined || ids.hi === null) return;
  const last = Number(ids.hi);
  let afterId = Number(ids.lo) - 1;
  let width = clampSlice(firstSliceIds);
  while (afterId < last) {
    const slice: FanSlice = { afterId, throughId: Math.min(last, afterId + width) };
    const { rows, tookMs } = await takeTurn(db, budget, async () => {
      const started = performance.now();
      const read = await budgetedRows<Row>(db, budget, sliceSql(slice));
      return { rows: read, tookMs: performance.now() - started };
    });
    onRows(rows);
    afterId = slice.throughId;
    width = nextSliceIds(width, tookMs, firstSliceIds);
  }
}

/**
 * A count over the designer's fans within the budget: the slices' counts (one row of numeric
 * columns each) added up. A count writes nothing, so nothing is left half done.
 */
export async function countInSlices(
  db: Database,
  designerId: number,
  budget: QueryBudget,
  firstSliceIds: number,
  sliceSql: (slice: FanSlice | null) => SQL,
): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  await readInSlices<Record<string, number | string | null>>(
    db,
    designerId,
    budget,
    firstSliceIds,
    sliceSql,
    (rows) => {
      for (const [column, value] of Object.entries(rows[0] ?? {})) {
        totals[column] = (totals[column] ?? 0) + Number(value ?? 0);
      }
    },
  );
  return totals;
}
