import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { becomeHeavy, lightRequestsDone } from './light-traffic.ts';
import { rowsOf } from './sql-helpers.ts';

/**
 * The wall-clock allowance of one request's heavy reads (live counts, analytics; issue 16 item
 * 4). PGlite runs one statement at a time inside this process and ignores statement_timeout, so
 * the budget cannot be a timeout alone: heavy work is cut into short statements (see
 * `takeTurn`), the deadline is checked before each, and PostgreSQL's statement_timeout at the
 * time left is the second fence of each statement.
 */
export class QueryBudget {
  private readonly startedAt = performance.now();

  constructor(readonly ms: number) {}

  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  get remainingMs(): number {
    return this.ms - this.elapsedMs;
  }

  /** Throws `BudgetExceeded` when no time is left. */
  check(): void {
    if (this.remainingMs <= 0) throw new BudgetExceeded(this.ms);
  }
}

/** The budget ran out: between two statements, or PostgreSQL stopped one (57014). */
export class BudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`over the query budget of ${budgetMs} ms`);
  }
}

/** Whether `error` (or what caused it) is PostgreSQL's "canceling statement due to statement timeout". */
export function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True when `db` is the embedded PGlite (statement_timeout has no effect there). */
export const isPglite = (db: Database): boolean => (db as { $client?: unknown }).$client instanceof PGlite;

/**
 * The rows of one statement within the budget: refused before it starts when no time is left;
 * on PostgreSQL it runs in its own short transaction with statement_timeout at the time left, so
 * a statement that runs away is stopped by the server too.
 */
export async function budgetedRows<T>(db: Database, budget: QueryBudget, query: SQL): Promise<T[]> {
  return fenced(db, budget, (runner) => rowsOf<T>(runner, query));
}

/**
 * `work`'s statements (any query builder) within the budget: refused before it starts when no
 * time is left; on PostgreSQL in one short transaction with statement_timeout at the time left.
 */
async function fenced<T>(
  db: Database,
  budget: QueryBudget,
  work: (runner: Database) => Promise<T>,
): Promise<T> {
  budget.check();
  if (isPglite(db)) return work(db);
  const timeoutMs = Math.max(1, Math.ceil(budget.remainingMs));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      return work(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new BudgetExceeded(budget.ms);
    throw error;
  }
}

/**
 * A read of aggregates (analytics, statistics) within the budget, as a heavy one: in the
 * database's turn (`takeTurn`: on PGlite light requests queued meanwhile go first, and the
 * deadline is checked before it starts) and, on PostgreSQL, stopped by statement_timeout at the
 * time left. `work` gets the connection to run its statements on; keep it to a statement or two
 * whose cost the shape bounds (rollups, a bounded period), as PGlite cannot stop a statement.
 */
export const budgetedRead = <T>(db: Database, budget: QueryBudget, work: (runner: Database) => Promise<T>) =>
  takeTurn(db, budget, () => fenced(db, budget, work));

/** Lets every callback and request that is waiting run before the caller goes on. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Heavy statements of one database take turns, first come first served: a request's next slice
 * queues behind the other heavy requests' slices, so five designers counting at once share the
 * database in turn and a light request never waits behind more than `width` slices. One at a
 * time on PGlite (it runs one statement at a time anyway), two on PostgreSQL (two cores).
 */
class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly width: number) {}

  async take(): Promise<() => void> {
    if (this.running < this.width) {
      this.running += 1;
    } else {
      // Handed over by `release` (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}

const turnsOf = new WeakMap<object, Turns>();

/** The object that stands for one database (its client), for per-database state. */
export const databaseKey = (db: Database): object => ((db as { $client?: object }).$client ?? db) as object;

/**
 * Runs `work` (one short heavy statement) in this database's turn, once no light request is in
 * flight on PGlite (`light-traffic.ts`), then yields so that light requests queued meanwhile go
 * first. The budget is checked once the turn comes.
 */
export async function takeTurn<T>(db: Database, budget: QueryBudget, work: () => Promise<T>): Promise<T> {
  const key = databaseKey(db);
  let turns = turnsOf.get(key);
  if (!turns) {
    turns = new Turns(isPglite(db) ? 1 : 2);
    turnsOf.set(key, turns);
  }
  becomeHeavy();
  const release = await turns.take();
  try {
    // A turn is handed over in a microtask, so without this the heavy requests' slices would run
    // back to back and timers and sockets (a light request arriving) would wait for all of them:
    // four exports at once held /health for 80 ms a time.
    await yieldToOthers();
    // PGlite runs one statement at a time: a slice started now would make a light request wait.
    if (isPglite(db)) await lightRequestsDone(key);
    budget.check();
    return await work();
  } finally {
    release();
    await yieldToOthers();
  }
}
