import { BUSINESS_TIME_ZONE } from '@dc/contract';
import { type AnyColumn, sql } from 'drizzle-orm';
import { toWireDateTime } from '../http/wire-time.ts';

/**
 * Business time, written once: the console's days are days in `BUSINESS_TIME_ZONE`
 * (Asia/Shanghai, UTC+8 without daylight saving since 1991), in JavaScript and in SQL.
 */

/** One day, one hour and one minute in milliseconds. */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Business time is Asia/Shanghai (`BUSINESS_TIME_ZONE`), UTC+8 all year since 1991. */
const BUSINESS_OFFSET = '+08:00';
export const BUSINESS_OFFSET_MS = 8 * HOUR_MS;

/** The business day (Asia/Shanghai) of an instant, `YYYY-MM-DD`. */
export const businessDayOf = (at: Date): string => toWireDateTime(at).slice(0, 10);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first instant of a business day (00:00 in Asia/Shanghai, which has no daylight saving). */
export const businessDayStart = (day: string): Date => new Date(`${day}T00:00:00${BUSINESS_OFFSET}`);
/** The instant after a business day ends. */
export const businessDayEnd = (day: string): Date => new Date(businessDayStart(day).getTime() + DAY_MS);

/** The first business day of the week (Monday) or month holding `day`. */
export function bucketStart(day: string, granularity: 'day' | 'week' | 'month'): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket start from the bucket of `start` to the bucket of `end`. */
export function bucketsBetween(start: string, end: string, granularity: 'day' | 'week' | 'month'): string[] {
  const buckets: string[] = [];
  let bucket = bucketStart(start, granularity);
  while (bucket <= end) {
    buckets.push(bucket);
    if (granularity === 'month') {
      const [year, month] = bucket.split('-').map(Number) as [number, number];
      const next = new Date(Date.UTC(year, month, 1));
      bucket = next.toISOString().slice(0, 10);
    } else bucket = addDays(bucket, granularity === 'week' ? 7 : 1);
  }
  return buckets;
}

/** `YYYY-MM-DD` of an instant at UTC+8 (business time from 1992 on, as `businessDayOf`). */
export const businessDateAtOffset = (at: Date): string =>
  new Date(at.getTime() + BUSINESS_OFFSET_MS).toISOString().slice(0, 10);

/** `YYYYMMDD` of an instant in business time. */
export const businessDayCompact = (at: Date): string => businessDateAtOffset(at).replaceAll('-', '');

/** The year in business time (UTC+8), for ages. */
export const businessYear = (now: Date): number =>
  new Date(now.getTime() + BUSINESS_OFFSET_MS).getUTCFullYear();

/** The business time zone as an SQL literal (`'Asia/Shanghai'`): the same statement text every time. */
export const BUSINESS_ZONE_SQL = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** `YYYY-MM-DD` of a timestamptz in business time, in SQL. */
export const businessDateText = (at: AnyColumn) =>
  sql<string>`to_char(${at} at time zone ${BUSINESS_ZONE_SQL}, 'YYYY-MM-DD')`;
