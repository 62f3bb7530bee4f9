import { ErrorCode, type Language } from '@dc/contract';
import type { Database } from '../db/client.ts';
import { BudgetExceeded, budgetedRead, QueryBudget } from '../db/query-budget.ts';
import { ApiError } from './api-error.ts';
import { httpMessages } from './http-messages.ts';
import { say } from './messages.ts';

/**
 * The statistics one request reads, within one time budget (issue 16 item 4): every aggregate of
 * analytics, and the statistics endpoints of other areas, goes through `read`.
 */
export interface BudgetedReads {
  db: Database;
  budget: QueryBudget;
}

export const budgetedReadsOf = (db: Database, budgetMs: number): BudgetedReads => ({
  db,
  budget: new QueryBudget(budgetMs),
});

/**
 * The same reads with a budget of their own: each batch of a streamed export (an export may run
 * longer than one budget; each of its statements may not).
 */
export const freshBudget = (reads: BudgetedReads): BudgetedReads =>
  budgetedReadsOf(reads.db, reads.budget.ms);

/** Runs `work` (a statement or two) in the request's budget; see `budgetedRead`. */
export const readWithin = <T>(reads: BudgetedReads, work: (runner: Database) => Promise<T>): Promise<T> =>
  budgetedRead(reads.db, reads.budget, work);

/** 42200 naming the period: the figures could not be read within the budget. */
export function statisticsTooHeavy(lang: Language, budgetMs: number, path: string): ApiError {
  const seconds = Number((budgetMs / 1000).toFixed(3));
  const message = say(lang, httpMessages.figuresTooSlow, { seconds });
  return new ApiError(ErrorCode.tooHeavy, message, { errors: [{ path, message }], reason: 'time', budgetMs });
}

/**
 * Answers `work(reads)` under a fresh budget of `budgetMs`; over it, 42200 in `lang` naming
 * `path` (the period's field), never a hang or a 500.
 */
export async function withinStatisticsBudget<T>(
  db: Database,
  budgetMs: number,
  lang: Language,
  path: string,
  work: (reads: BudgetedReads) => Promise<T>,
): Promise<T> {
  try {
    return await work(budgetedReadsOf(db, budgetMs));
  } catch (error) {
    if (error instanceof BudgetExceeded) throw statisticsTooHeavy(lang, budgetMs, path);
    throw error;
  }
}

/** The field of a period query the budget error names: its start when given, else `days`. */
export const periodPath = (query: { start?: string }) => (query.start !== undefined ? 'start' : 'days');

/**
 * A statistics endpoint of another area (vault, courses, looks): `work` runs on the connection it
 * is given, as one budgeted read (`readWithin`) under a fresh budget; over it, 42200 in `lang`
 * naming `path`.
 */
export const statisticsWithin = <T>(
  db: Database,
  budgetMs: number,
  lang: Language,
  path: string,
  work: (runner: Database) => Promise<T>,
): Promise<T> => withinStatisticsBudget(db, budgetMs, lang, path, (reads) => readWithin(reads, work));
