import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import type { RateRule } from './rule.ts';
import { KEY_MAX, type RateLimitStore, type RateWindow } from './store.ts';

/** Counters in the table rate_limit_counters: the default, and the fallback of the Redis store. */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database';
  constructor(private readonly db: Database) {}

  /**
   * One statement: a new window starts at `now` when the stored one is over, so concurrent
   * instances count exactly.
   */
  async hit(rule: RateRule, key: string, now: Date): Promise<RateWindow> {
    const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
    const expired = sql`${rateLimitCounters.windowStart} <= ${cutoff}::timestamptz`;
    const [row] = await this.db
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

  async peek(rule: RateRule, key: string): Promise<RateWindow | undefined> {
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart })
      .from(rateLimitCounters)
      .where(
        and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key.slice(0, KEY_MAX))),
      );
    return row;
  }

  async clear(rule: RateRule, key: string): Promise<void> {
    await this.db
      .delete(rateLimitCounters)
      .where(
        and(eq(rateLimitCounters.bucket, rule.bucket), eq(rateLimitCounters.key, key.slice(0, KEY_MAX))),
      );
  }

  async prune(before: Date): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
  }

  /** The database belongs to the app; nothing of its own to close. */
  async close(): Promise<void> {}
}
