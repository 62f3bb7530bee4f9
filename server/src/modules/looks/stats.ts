import type { LookEventType, LookStats } from '@dc/contract';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lookDailyStats } from '../../db/schema/index.ts';
import { businessDayOf, DAY_MS } from '../../time/business-day.ts';
import type { LooksCtx } from './context.ts';
import { ownLook } from './looks.ts';

/** The business day (Asia/Shanghai) of `date`, `YYYY-MM-DD`. */
export const businessDay = businessDayOf;

const COLUMN = {
  view: 'views',
  rotation: 'rotations',
  productTap: 'productTaps',
} as const satisfies Record<LookEventType, keyof typeof lookDailyStats.$inferInsert>;

/** Adds one event to the look's row of the day (one statement: concurrent viewers add up exactly). */
export async function countEvent(
  db: Database,
  lookId: number,
  type: LookEventType,
  now: Date,
): Promise<void> {
  const column = COLUMN[type];
  await db
    .insert(lookDailyStats)
    .values({ lookId, day: businessDay(now), [column]: 1 })
    .onConflictDoUpdate({
      target: [lookDailyStats.lookId, lookDailyStats.day],
      set: { [column]: sql`${lookDailyStats[column]} + 1` },
    });
}

/**
 * `GET /looks/:id/stats?days=`: totals since the look was made and one row per business day of
 * the last `days` days (days without any event answer zeros, so a chart has no gaps).
 */
export async function lookStats(ctx: LooksCtx, id: number, days: number): Promise<LookStats> {
  await ownLook(ctx, id);
  const first = businessDay(new Date(ctx.now.getTime() - (days - 1) * DAY_MS));
  const [totals] = await ctx.db
    .select({
      views: sql<number>`coalesce(sum(${lookDailyStats.views}), 0)::int`,
      rotations: sql<number>`coalesce(sum(${lookDailyStats.rotations}), 0)::int`,
      productTaps: sql<number>`coalesce(sum(${lookDailyStats.productTaps}), 0)::int`,
    })
    .from(lookDailyStats)
    .where(eq(lookDailyStats.lookId, id));
  const rows = await ctx.db
    .select()
    .from(lookDailyStats)
    .where(and(eq(lookDailyStats.lookId, id), gte(lookDailyStats.day, first)))
    .orderBy(asc(lookDailyStats.day));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const daily = Array.from({ length: days }, (_, index) => {
    const day = businessDay(new Date(ctx.now.getTime() - (days - 1 - index) * DAY_MS));
    const row = byDay.get(day);
    return {
      day,
      views: row?.views ?? 0,
      rotations: row?.rotations ?? 0,
      productTaps: row?.productTaps ?? 0,
    };
  });
  return { totals: totals!, daily };
}
