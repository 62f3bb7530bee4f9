import { ErrorCode } from '@dc/contract';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { DatabaseRateLimitStore } from './database-store.ts';
import type { RateRule } from './rule.ts';
import type { RateLimitStore, RateWindow } from './store.ts';

export type { RateRule } from './rule.ts';
export type { RateLimitStore, RateWindow } from './store.ts';

/**
 * The rules' callers name the database they work with (`ctx.db`); the store the app chose at
 * start-up (rateLimitPlugin: Redis when REDIS_URL is set) is bound to that database handle.
 * A handle nobody bound (a transaction, a unit test's database) counts in the database.
 */
const bound = new WeakMap<Database, RateLimitStore[]>();
const databaseStores = new WeakMap<Database, RateLimitStore>();

/** Makes `store` the rate-limit store of `db` until the answered function undoes it. */
export function bindRateLimitStore(db: Database, store: RateLimitStore): () => void {
  const stack = bound.get(db) ?? [];
  stack.push(store);
  bound.set(db, stack);
  return () => {
    const index = stack.lastIndexOf(store);
    if (index >= 0) stack.splice(index, 1);
  };
}

/** The store counting for `db`: the bound one, else the database's own table. */
export function rateLimitStoreOf(db: Database): RateLimitStore {
  const stack = bound.get(db);
  if (stack && stack.length > 0) return stack[stack.length - 1]!;
  let store = databaseStores.get(db);
  if (!store) {
    store = new DatabaseRateLimitStore(db);
    databaseStores.set(db, store);
  }
  return store;
}

/** 42900 with `data.retryAfter` (whole seconds, at least 1). */
export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(ErrorCode.rateLimited, undefined, {
    retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
}

const windowEnd = (rule: RateRule, windowStart: Date) => windowStart.getTime() + rule.windowSeconds * 1000;

/** Counts one event of `key` and answers the count in the current window (a new one at `now`). */
export function hit(db: Database, rule: RateRule, key: string, now: Date): Promise<RateWindow> {
  return rateLimitStoreOf(db).hit(rule, key, now);
}

/** Counts one event and refuses it (42900) when it is over the limit: sendCode, ticket creation. */
export async function take(db: Database, rule: RateRule, key: string, now: Date): Promise<void> {
  const { count, windowStart } = await hit(db, rule, key, now);
  if (count > rule.limit) throw rateLimited((windowEnd(rule, windowStart) - now.getTime()) / 1000);
}

/** Refuses (42900) when `key` has used up the window, counting nothing: login before the check. */
export async function check(db: Database, rule: RateRule, key: string, now: Date): Promise<void> {
  const row = await rateLimitStoreOf(db).peek(rule, key);
  if (!row) return;
  const end = windowEnd(rule, row.windowStart);
  if (end > now.getTime() && row.count >= rule.limit) throw rateLimited((end - now.getTime()) / 1000);
}

/** Forgets `key`'s count (a successful login clears the failures of its account). */
export function clear(db: Database, rule: RateRule, key: string): Promise<void> {
  return rateLimitStoreOf(db).clear(rule, key);
}

/** Deletes counters whose window started before `before` (all rules' windows are at most a day). */
export function pruneCounters(db: Database, before: Date): Promise<void> {
  return rateLimitStoreOf(db).prune(before);
}
