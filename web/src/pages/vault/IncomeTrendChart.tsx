import type { IncomeTrend } from '@dc/contract';
import { fenToYuan } from '@dc/contract';
import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import { amountAxis, amountLine } from '../../components/charts/series.ts';
import { useT } from '../../locales/index.ts';
import { CHART_HEIGHT, ChartSkeleton } from './ChartSkeleton.tsx';

/** Net income as bars and sales as a line, per bucket of the chosen range. */
export function IncomeTrendChart({ trend, loading }: { trend: IncomeTrend | undefined; loading: boolean }) {
  const t = useT();
  const option = useMemo(() => {
    const buckets = trend?.buckets ?? [];
    return {
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => `¥${String(value)}` },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: buckets.map((b) => b.bucket) },
      yAxis: amountAxis(),
      series: [
        {
          name: t('vault.trend.income'),
          type: 'bar',
          // Yuan strings computed from integer fen; ECharts reads them as numbers.
          data: buckets.map((b) => fenToYuan(b.income)),
          barMaxWidth: 24,
        },
        amountLine(
          t('vault.trend.gross'),
          buckets.map((b) => fenToYuan(b.gross)),
        ),
      ],
    };
  }, [trend, t]);
  const empty = trend?.buckets.every((b) => b.entries === 0) ?? false;
  return (
    <Card title={t('vault.trend.title')}>
      {loading ? (
        <ChartSkeleton />
      ) : empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('vault.empty')}
          style={{ height: CHART_HEIGHT, alignContent: 'center', margin: 0 }}
        />
      ) : (
        <EChart
          height={CHART_HEIGHT}
          option={option}
          ariaLabel={t('vault.trend.title')}
          data-testid="income-trend-chart"
        />
      )}
    </Card>
  );
}
