import { type PeriodQuery, periodDaysValues } from '@dc/contract';

/** The period of the data-analysis pages, kept in the address (`?days=30` or `?start&end`). */
export type PeriodChoice = { days: number } | { start: string; end: string };

export const DEFAULT_PERIOD: PeriodChoice = { days: 30 };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the period from search params; anything unusable falls back to 30 days. */
export function periodFromSearch(search: URLSearchParams): PeriodChoice {
  const start = search.get('start');
  const end = search.get('end');
  if (start && end && DAY.test(start) && DAY.test(end) && start <= end) return { start, end };
  const days = Number(search.get('days'));
  return (periodDaysValues as readonly number[]).includes(days) ? { days } : DEFAULT_PERIOD;
}

/** The query of an API call for the period. */
export const periodQueryOf = (period: PeriodChoice): PeriodQuery =>
  'days' in period ? { days: period.days } : { start: period.start, end: period.end };

/** Search params of the period, for links between the overview and its lists. */
export function periodSearch(period: PeriodChoice): string {
  const params = new URLSearchParams(
    'days' in period ? { days: String(period.days) } : { start: period.start, end: period.end },
  );
  return `?${params}`;
}

/**
 * The change of a figure against the previous period as a percentage with one decimal, from
 * integers only (`12.5`); null when there was nothing before to compare with.
 */
export function changePercent(value: number, previous: number): string | null {
  if (previous === 0) return null;
  const tenths = Math.round(((value - previous) * 1000) / Math.abs(previous));
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.trunc(abs / 10)}.${abs % 10}`;
}
