import { BUSINESS_TIME_ZONE } from '@dc/contract';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function formatWithIntl(date: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * Asia/Shanghai has been UTC+8 without daylight saving since 1991-09-15 (it had DST in
 * 1986–1991): from 1992 on, the wire format is the UTC ISO string of the instant moved by eight
 * hours — about 20 times cheaper than Intl's formatToParts, which every row of a list and every
 * line of a million-row CSV export paid (issue 10). Earlier instants and years past 9999 go
 * through Intl.
 */
const FIXED_OFFSET_MS = BUSINESS_TIME_ZONE === 'Asia/Shanghai' ? 8 * 3_600_000 : undefined;
const FIXED_FROM = Date.UTC(1992, 0, 1);
const FIXED_UNTIL = Date.UTC(9999, 11, 31);

/** A timestamp in the wire format `YYYY-MM-DD HH:mm:ss`, business time (Asia/Shanghai). */
export function toWireDateTime(date: Date): string {
  const ms = date.getTime();
  if (FIXED_OFFSET_MS === undefined || !(ms >= FIXED_FROM && ms < FIXED_UNTIL)) return formatWithIntl(date);
  const iso = new Date(ms + FIXED_OFFSET_MS).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
