import type { DateType, PeriodInput, ResolvedPeriod } from '@dc/contract';
import { addDays, businessDayOf, businessDayStart, DAY_MS } from '../../time/business-day.ts';

/** The period of a query: `days` ending today, `start`–`end`, or the last 30 days. */
export function resolvePeriod(query: PeriodInput, now: Date): ResolvedPeriod {
  let start: string;
  let end: string;
  if (query.start !== undefined && query.end !== undefined) {
    start = query.start;
    end = query.end;
  } else {
    end = businessDayOf(now);
    start = addDays(end, -((query.days ?? 30) - 1));
  }
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
  return { start, end, days, previousStart: addDays(start, -days), previousEnd: addDays(start, -1) };
}

/** The instants `[from, until)` covering business days `start` to `end`. */
export const instantsOf = (start: string, end: string) => ({
  from: businessDayStart(start),
  until: businessDayStart(addDays(end, 1)),
});

/** Trend buckets of the overview: days up to a month, weeks up to ~4 months, else months. */
export const trendGranularityOf = (days: number) => (days <= 31 ? 'day' : days <= 120 ? 'week' : 'month');

/** The first day of the day, week (Monday), month or year holding `day`. */
export function bucketOf(day: string, dateType: DateType): string {
  if (dateType === 'day') return day;
  if (dateType === 'month') return `${day.slice(0, 7)}-01`;
  if (dateType === 'year') return `${day.slice(0, 4)}-01-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The last day of the bucket starting at `bucket`. */
export function bucketLastDay(bucket: string, dateType: DateType): string {
  if (dateType === 'day') return bucket;
  if (dateType === 'week') return addDays(bucket, 6);
  const [year, month] = bucket.split('-').map(Number) as [number, number];
  const next = dateType === 'year' ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1);
  return addDays(new Date(next).toISOString().slice(0, 10), -1);
}

/** A bucket cut to the period: its first and last day inside `[start, end]`. */
export function clippedBucket(bucket: string, dateType: DateType, start: string, end: string) {
  const last = bucketLastDay(bucket, dateType);
  return { bucket: bucket < start ? start : bucket, bucketEnd: last > end ? end : last };
}

/** Figures of a period compared with the previous period. */
export const compared = (value: number, previous: number) => ({ value, previous, change: value - previous });
