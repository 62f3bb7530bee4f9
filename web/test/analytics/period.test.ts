import { describe, expect, it } from 'vitest';
import {
  changePercent,
  periodFromSearch,
  periodQueryOf,
  periodSearch,
} from '../../src/pages/analytics/period.ts';
import { basisPoints, stars } from '../../src/pages/analytics/rank-format.ts';

describe('§ issue 6 item 4: the period in the address', () => {
  it('reads days or a range, and falls back to 30 days', () => {
    expect(periodFromSearch(new URLSearchParams('days=90'))).toEqual({ days: 90 });
    expect(periodFromSearch(new URLSearchParams('start=2025-01-01&end=2025-01-31'))).toEqual({
      start: '2025-01-01',
      end: '2025-01-31',
    });
    expect(periodFromSearch(new URLSearchParams('days=31'))).toEqual({ days: 30 });
    expect(periodFromSearch(new URLSearchParams('start=2025-02-01&end=2025-01-01'))).toEqual({ days: 30 });
    expect(periodFromSearch(new URLSearchParams(''))).toEqual({ days: 30 });
  });

  it('writes the same period back for links and API calls', () => {
    expect(periodSearch({ days: 7 })).toBe('?days=7');
    expect(periodSearch({ start: '2025-01-01', end: '2025-01-31' })).toBe('?start=2025-01-01&end=2025-01-31');
    expect(periodQueryOf({ days: 365 })).toEqual({ days: 365 });
  });
});

describe('§ issue 6 item 4: change against the previous period', () => {
  it('is a percentage with one decimal from integers, none without a previous figure', () => {
    expect(changePercent(150, 100)).toBe('50.0');
    expect(changePercent(14500, 16200)).toBe('-10.5');
    expect(changePercent(1, 3)).toBe('-66.7');
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(-50, -100)).toBe('50.0');
  });

  it('formats ranking values without floating point', () => {
    expect(basisPoints(4523)).toBe('45.23%');
    expect(basisPoints(10000)).toBe('100.00%');
    expect(stars(467)).toBe('4.67');
    expect(stars(500)).toBe('5.00');
  });
});
