/**
 * The console's chart conventions for daily series (issue 17 item 6): sparse daily counts (course
 * buyers of 0–3 a day) drawn with a smoothed line showed needles and dips below 0 that are not in
 * the data. Counts are drawn straight on an axis from 0 in whole steps; a smoothed line is kept
 * only for dense amounts that stay clear of 0, where a spline cannot overshoot into a dip.
 */

/** Fewer distinct values than this and a curve through them reads as noise, not a trend. */
const SMOOTH_MIN_DISTINCT = 12;

/**
 * Whether a line through `values` may be smoothed: many distinct values, all clear of 0. ECharts'
 * spline (smooth 0.5) puts a control point at most a quarter of the neighbours' rise away, so a
 * lowest value above a quarter of the range keeps the curve above 0.
 */
export function smoothable(values: ReadonlyArray<number | string>): boolean {
  const numbers = values.map(Number);
  if (numbers.length === 0 || new Set(numbers).size < SMOOTH_MIN_DISTINCT) return false;
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  return min > 0 && min > (max - min) / 4;
}

/** A value axis of counts: from 0, whole steps only (no "0.5 buyers"). */
export const countAxis = (extra: Record<string, unknown> = {}) => ({
  type: 'value',
  min: 0,
  minInterval: 1,
  ...extra,
});

/** A value axis of amounts: from 0, lower only when a value is below it (a month of refunds). */
export const amountAxis = (extra: Record<string, unknown> = {}) => ({
  type: 'value',
  min: (extent: { min: number }) => Math.min(0, extent.min),
  ...extra,
});

/** A line of counts: straight segments between the days (a count has nothing between them). */
export const countLine = (name: string, data: readonly number[], extra: Record<string, unknown> = {}) => ({
  name,
  type: 'line',
  smooth: false,
  data,
  ...extra,
});

/** A line of amounts: smoothed only when `smoothable`. */
export const amountLine = (
  name: string,
  data: ReadonlyArray<number | string>,
  extra: Record<string, unknown> = {},
) => ({
  name,
  type: 'line',
  smooth: smoothable(data),
  data,
  ...extra,
});
