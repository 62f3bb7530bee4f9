import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fans } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/**
 * The planner's cost above which the list does not count exactly. Measured at 1,000,000 fans on
 * PostgreSQL 15: counts the planner costs below this run in a few milliseconds (a selective
 * filter answered by an index); an unfiltered count (cost ≈ 30,000, an index-only scan of a
 * million rows) takes 100–300 ms, which every page would pay.
 */
export const EXACT_COUNT_COST_MAX = 5_000;

export interface FanTotal {
  total: number;
  /** True when `total` is the planner's estimate (the list shows "about N"). */
  isEstimate: boolean;
}

interface PlanNode {
  'Plan Rows': number;
  'Total Cost': number;
}

/** The planner's row estimate and cost of the filtered fans (EXPLAIN, nothing is run). */
export async function planOf(db: Database, where: SQL): Promise<PlanNode> {
  const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${fans} where ${where}`,
  );
  const raw = row!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return plan[0]!.Plan;
}

/**
 * How many fans the list's filter matches, without counting a million rows on every page:
 * - a page shorter than the page size ends the list, so the total is known exactly;
 * - a filter the planner finds cheap to count is counted exactly;
 * - otherwise the planner's estimate is answered and labelled as one (never below the rows
 *   already seen).
 */
export async function countFans(
  db: Database,
  where: SQL,
  seen: { offset: number; rows: number; pageSize: number },
  costMax = EXACT_COUNT_COST_MAX,
): Promise<FanTotal> {
  if (seen.rows < seen.pageSize && (seen.rows > 0 || seen.offset === 0)) {
    return { total: seen.offset + seen.rows, isEstimate: false };
  }
  const plan = await planOf(db, where);
  if (plan['Total Cost'] <= costMax) {
    const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${fans} where ${where}`);
    return { total: row!.n, isEstimate: false };
  }
  return { total: Math.max(Math.round(plan['Plan Rows']), seen.offset + seen.rows), isEstimate: true };
}
