import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toWireDateTime } from '../src/http/wire-time.ts';

/** The reference: Intl's own Asia/Shanghai calendar. */
const intl = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

describe('issue 10 wire time: the fixed UTC+8 fast path equals Intl (Asia/Shanghai)', () => {
  it('for any instant from 1970 to 2200 (DST years 1986–1991 included)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(toWireDateTime(new Date(ms))).toBe(intl.format(new Date(ms)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('at the edges: midnight, the end of a year, a DST day of 1988', () => {
    for (const at of [
      '2025-01-31T15:59:59Z', // 23:59:59 Shanghai
      '2025-01-31T16:00:00Z', // next day 00:00:00
      '2024-12-31T16:00:00Z',
      '1991-12-31T16:00:00Z',
      '1988-07-01T00:00:00Z', // UTC+9 that summer
    ]) {
      expect(toWireDateTime(new Date(at))).toBe(intl.format(new Date(at)));
    }
    expect(toWireDateTime(new Date('2025-01-31T16:00:00Z'))).toBe('2025-02-01 00:00:00');
    expect(toWireDateTime(new Date('1988-07-01T00:00:00Z'))).toBe('1988-07-01 09:00:00');
  });
});
