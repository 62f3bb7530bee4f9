import {
  type Granularity,
  granularityValues,
  type IncomeBySource,
  type IncomeTrend,
  incomeKindValues,
} from '@dc/contract';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerDailyRollups as r } from '../../db/schema/index.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { bucketsBetween } from '../../time/business-day.ts';

interface Range {
  start: string;
  end: string;
}

/**
 * Income per day, week (from Monday) or month of business time, every bucket of the range
 * present (zeros where nothing happened). A week or month cut by the range counts only its days
 * inside the range. Read from the daily rollups; the data-analysis pages use the same function.
 */
export async function incomeTrend(
  db: Database,
  designerId: number,
  range: Range & { granularity: Granularity },
  now: Date,
): Promise<IncomeTrend> {
  // Inlined (a checked enum): GROUP BY must see the same expression, not two parameters.
  const unit = sql.raw(`'${granularityValues.includes(range.granularity) ? range.granularity : 'day'}'`);
  const bucket = sql<string>`to_char(date_trunc(${unit}, ${r.day}::timestamp), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      bucket,
      income: sql<string>`coalesce(sum(${r.net}) filter (where ${r.kind} <> 'withdrawal'), 0)`,
      gross: sql<string>`coalesce(sum(${r.amount}) filter (where ${inArray(r.kind, [...incomeKindValues])}), 0)`,
      entries: sql<string>`coalesce(sum(${r.entries}) filter (where ${r.kind} <> 'withdrawal'), 0)`,
    })
    .from(r)
    .where(and(eq(r.designerId, designerId), between(r.day, range.start, range.end)))
    .groupBy(bucket);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const buckets = bucketsBetween(range.start, range.end, range.granularity).map((start) => {
    const row = byBucket.get(start);
    return {
      bucket: start,
      income: Number(row?.income ?? 0),
      gross: Number(row?.gross ?? 0),
      entries: Number(row?.entries ?? 0),
    };
  });
  return {
    granularity: range.granularity,
    start: range.start,
    end: range.end,
    buckets,
    total: buckets.reduce((sum, b) => sum + b.income, 0),
    computedAt: toWireDateTime(now),
  };
}

/** Net income per earning kind in the range, largest first (kinds without income left out). */
export async function incomeBySource(
  db: Database,
  designerId: number,
  range: Range,
  now: Date,
): Promise<IncomeBySource> {
  const rows = await db
    .select({
      kind: r.kind,
      net: sql<string>`sum(${r.net})`,
      entries: sql<string>`sum(${r.entries})`,
    })
    .from(r)
    .where(
      and(
        eq(r.designerId, designerId),
        between(r.day, range.start, range.end),
        inArray(r.kind, [...incomeKindValues]),
      ),
    )
    .groupBy(r.kind);
  const items = rows
    .map((row) => ({
      kind: row.kind as (typeof incomeKindValues)[number],
      net: Number(row.net),
      entries: Number(row.entries),
    }))
    .filter((item) => item.entries > 0)
    .sort((a, b) => b.net - a.net || a.kind.localeCompare(b.kind));
  return {
    items,
    total: items.reduce((sum, item) => sum + item.net, 0),
    computedAt: toWireDateTime(now),
  };
}
