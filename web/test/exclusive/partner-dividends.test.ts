import { type Dividend, dividendAmount } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { withCollected } from '../../src/pages/exclusive/provider-collect.ts';
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

describe('provider collect, optimistic', () => {
  it('flips only the one provider in a cached page, with the time it was collected', () => {
    const page = {
      totalNumber: 2,
      totalPages: 1,
      dataList: [
        { id: 1, collected: false, collectedAt: null },
        { id: 2, collected: true, collectedAt: '2026-01-01 00:00:00' },
      ],
    } as unknown as Parameters<typeof withCollected>[0];
    const collected = withCollected(page, 1, true, '2026-03-01 09:00:00');
    expect(collected?.dataList.map((p) => [p.id, p.collected, p.collectedAt])).toEqual([
      [1, true, '2026-03-01 09:00:00'],
      [2, true, '2026-01-01 00:00:00'],
    ]);
    expect(withCollected(collected, 2, false, 'x')?.dataList[1]).toMatchObject({
      collected: false,
      collectedAt: null,
    });
    expect(withCollected(undefined, 1, true, 'x')).toBeUndefined();
  });
});
