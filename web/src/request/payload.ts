import { BUSINESS_TIME_ZONE, DATE_TIME_FORMAT } from '@dc/contract';
import type { Dayjs } from 'dayjs';

const businessTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A `Date` is an instant: it goes on the wire in business time (Asia/Shanghai), the wire's zone
 * (contract `wireDateTime`), like the server's own timestamps.
 */
export function formatInstant(date: Date): string {
  const parts = Object.fromEntries(businessTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Prepares a JSON body or query value: strings trimmed (unless `trim` is false), dates formatted
 * `YYYY-MM-DD HH:mm:ss`, through plain objects and arrays at any depth. A dayjs value (a date
 * picker's) keeps its own wall-clock time, which is what the user picked; a `Date` is converted
 * to business time. Anything else (File, Blob, class instances) is left as it is. Never mutates.
 */
/**
 * dayjs's own test (`dayjs.isDayjs`) without importing dayjs: every dayjs value carries this flag.
 * The request layer is in every page's first JS, and the public pages need no dayjs (issue 21).
 */
const isDayjs = (value: unknown): value is Dayjs =>
  typeof value === 'object' &&
  value !== null &&
  (value as { $isDayjsObject?: unknown }).$isDayjsObject === true;

export function sanitizeValue(value: unknown, trim = true): unknown {
  if (typeof value === 'string') return trim ? value.trim() : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : formatInstant(value);
  if (isDayjs(value)) return value.isValid() ? value.format(DATE_TIME_FORMAT) : value;
  if (Array.isArray(value)) return value.map((item) => sanitizeValue(item, trim));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sanitizeValue(item, trim)]));
  }
  return value;
}

/** A copy of a FormData body with its string entries trimmed; files are kept as they are. */
export function sanitizeFormData(form: FormData, trim = true): FormData {
  const copy = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') copy.append(name, trim ? value.trim() : value);
    else copy.append(name, value, value.name);
  }
  return copy;
}

/** A copy of a URL-encoded body or query with its values trimmed. */
export function sanitizeSearchParams(search: URLSearchParams, trim = true): URLSearchParams {
  const copy = new URLSearchParams();
  for (const [name, value] of search.entries()) copy.append(name, trim ? value.trim() : value);
  return copy;
}

/** A body or query of any kind, prepared per spec section 7 (trim, date format). */
export function sanitizePayload(data: unknown, trim = true): unknown {
  if (data instanceof FormData) return sanitizeFormData(data, trim);
  if (data instanceof URLSearchParams) return sanitizeSearchParams(data, trim);
  return sanitizeValue(data, trim);
}
