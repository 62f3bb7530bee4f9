import type { Dividend } from '@dc/contract';

/** The page's own sums (integer fen), shown beside the server's totals over every matching row. */
export function sumDividends(rows: readonly Dividend[]): { revenue: number; amount: number } {
  return rows.reduce(
    (sum, row) => ({ revenue: sum.revenue + row.revenue, amount: sum.amount + row.amount }),
    { revenue: 0, amount: 0 },
  );
}

/** The chart's series: periods oldest first and each period's dividend in yuan (two decimals). */
export function dividendSeries(rows: readonly Dividend[]): { periods: string[]; yuan: number[] } {
  const sorted = [...rows].sort((a, b) => a.period.localeCompare(b.period));
  return {
    periods: sorted.map((row) => row.period),
    // Display only: the chart draws yuan; the table shows the exact fen through formatFen.
    yuan: sorted.map((row) => row.amount / 100),
  };
}
