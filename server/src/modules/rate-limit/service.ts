import { ErrorCode } from '@dc/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';

/** A limit: at most `limit` events per `key` in a fixed window of `windowSeconds`. */
export interface RateRule {
  /** Names the rule; counters of different rules never mix. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

const KEY_MAX = 128;

/** 42900 with `data.retryAfter` (whole seconds, at least 1). */
export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(ErrorCode.rateLimited, undefined, {
    retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
}

const windowEnd = (rule: RateRule, windowStart: Date) => windowStart.getTime() + rule.windowSeconds * 1000;

/**
 * Counts one event of `key` and answers the count in the current window. One statement: a new
 * window starts at `now` when the stored one is over, so concurrent instances count exactly.
 */
export async function hit(db: Database, rule: RateRule, key: string, now: Date) {
  const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
  const expired = sql`${rateLimitCounters.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: rule.bucket, key: key.slice(0, KEY_MAX), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key],
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimitCounters.windowStart} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
  return row!;
}

/** Counts one event and refuses it (42900) when it is over the limit: sendCode, ticket creation. */
export async function take(db: Database, rule: RateRule, key: string, now: Date): Promise<void> {
  const { count, windowStart } = await hit(db, rule, key, now);
  if (count > rule.limit) throw rateLimited((windowEnd(rule, windowStart) - now.getTime()) / 1000);
}

/** Refuses (42900) when `key` has used up the window, counting nothing: login before the check. */
export async function check(db: Database, rule: RateRule, key: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key.slice(0, KEY_MAX))));
  if (!row) return;
  const end = windowEnd(rule, row.windowStart);
  if (end > now.getTime() && row.count >= rule.limit) throw rateLimited((end - now.getTime()) / 1000);
}

/** Forgets `key`'s count (a successful login clears the failures of its account). */
export async function clear(db: Database, rule: RateRule, key: string): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key.slice(0, KEY_MAX))));
}

/** Deletes counters whose window started before `before` (all rules' windows are at most a day). */
export async function pruneCounters(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}
