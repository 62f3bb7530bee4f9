import {
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  dateField,
  dateProblem,
  dateTimeField,
  monthField,
} from '@dc/contract';
import { describe, expect, it } from 'vitest';

/**
 * The one date rule (contract/src/dates.ts) on its own: what every date field of a request takes.
 * dates.test.ts tries it through every call; this pins the calendar edges.
 */
describe('the shared date rule', () => {
  it('takes real days of 1900-2199 only, leap days by the Gregorian calendar', () => {
    expect([DATE_YEAR_MIN, DATE_YEAR_MAX]).toEqual([1900, 2199]);
    for (const day of ['1900-01-01', '2199-12-31', '2000-02-29', '2024-02-29', ' 2026-03-15 '])
      expect(dateField.safeParse(day).success, day).toBe(true);
    for (const day of [
      '0000-01-01',
      '1899-12-31',
      '2200-01-01',
      '9999-12-31',
      '-001-01-01',
      '+02026-01-01',
      '1900-02-29',
      '2100-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '2026-1-1',
      '20260101',
      '2026-01-01T00:00:00Z',
      '２０２６-01-01',
      '',
    ])
      expect(dateField.safeParse(day).success, day).toBe(false);
  });

  it('months and date-times hold the same years; times are real times', () => {
    for (const month of ['1900-01', '2199-12']) expect(monthField.safeParse(month).success, month).toBe(true);
    for (const month of ['1899-12', '2200-01', '2026-00', '2026-13', '0000-01'])
      expect(monthField.safeParse(month).success, month).toBe(false);
    for (const at of ['1900-01-01 00:00:00', '2199-12-31 23:59:59'])
      expect(dateTimeField.safeParse(at).success, at).toBe(true);
    for (const at of [
      '1899-12-31 23:59:59',
      '2200-01-01 00:00:00',
      '2026-03-15 24:00:00',
      '2026-03-15 12:60:00',
    ])
      expect(dateTimeField.safeParse(at).success, at).toBe(false);
  });

  it('says what is wrong in both languages', () => {
    expect(dateProblem('date', '0000-01-01')).toEqual({
      'zh-CN': '年份须在 1900-2199 之间',
      'en-US': 'must be in the years 1900-2199',
    });
    expect(dateProblem('date', '2026-02-30')?.['en-US']).toBe('no such date');
    expect(dateProblem('date', 'yesterday')?.['en-US']).toBe('must be a date YYYY-MM-DD');
    expect(dateProblem('date', '2026-03-15')).toBeUndefined();
    const issue = dateField.safeParse('1899-12-31').error?.issues[0];
    expect(issue?.message).toBe('must be in the years 1900-2199');
    expect((issue as { params?: unknown } | undefined)?.params).toEqual({
      localizedMessage: { 'zh-CN': '年份须在 1900-2199 之间', 'en-US': 'must be in the years 1900-2199' },
    });
  });
});
