import { toWireDateTime } from '../http/wire-time.ts';

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
export const startOfBusinessDay = (day: string): Date => new Date(`${day}T00:00:00${BUSINESS_OFFSET}`);

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

/** The instant a business day `YYYY-MM-DD` starts. */
export const businessDayStart = (day: string): Date => new Date(`${day}T00:00:00${BUSINESS_OFFSET}`);
/** The instant after a business day ends. */
export const businessDayEnd = (day: string): Date => new Date(businessDayStart(day).getTime() + DAY_MS);

/** `YYYY-MM-DD` of an instant at UTC+8 (business time from 1992 on, as `businessDayOf`). */
export const businessDateAtOffset = (at: Date): string =>
  new Date(at.getTime() + BUSINESS_OFFSET_MS).toISOString().slice(0, 10);

/** `YYYYMMDD` of an instant in business time. */
export const businessDayCompact = (at: Date): string => businessDateAtOffset(at).replaceAll('-', '');
