import { type Dividend, dividendAmount } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { dividendSeries, sumDividends } from '../../src/pages/partners/partner-dividends.ts';

const dividend = (id: number, period: string, revenue: number, ratio: number): Dividend => ({
  id,
  companyId: 1,
  period,
  revenue,
  ratio,
  amount: dividendAmount(revenue, ratio),
  state: 'paid',
  paidAt: null,
});

describe('designer partner dividends', () => {
  it('the page total is the integer sum of its rows', () => {
    const rows = [dividend(1, '2026-02', 1_000_001, 1250), dividend(2, '2026-01', 333_333, 1500)];
    expect(sumDividends(rows)).toEqual({
      revenue: 1_333_334,
      amount: dividendAmount(1_000_001, 1250) + dividendAmount(333_333, 1500),
    });
    expect(sumDividends([])).toEqual({ revenue: 0, amount: 0 });
  });

  it('the chart shows periods oldest first, in yuan', () => {
    const series = dividendSeries([
      dividend(1, '2026-02', 10_000, 5000),
      dividend(2, '2026-01', 20_000, 5000),
    ]);
    expect(series).toEqual({ periods: ['2026-01', '2026-02'], yuan: [100, 50] });
  });
});
