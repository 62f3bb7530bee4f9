import type { IncomeBySource } from '@dc/contract';
import { fenToYuan } from '@dc/contract';
import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import { useT } from '../../locales/index.ts';
import { CHART_HEIGHT, ChartSkeleton } from './ChartSkeleton.tsx';
import { kindLabel } from './labels.ts';

/** Net income per earning kind as a donut. */
export function IncomeSourceChart({ data, loading }: { data: IncomeBySource | undefined; loading: boolean }) {
  const t = useT();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', valueFormatter: (value: unknown) => `¥${String(value)}` },
      // At most four income kinds: the plain legend (the one bundled) holds them on one line.
      legend: { bottom: 0 },
      series: [
        {
          name: t('vault.source.title'),
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          avoidLabelOverlap: true,
          // The share shows in the hole on hover; small slices would crowd outside labels.
          label: { show: false, position: 'center' },
          emphasis: { label: { show: true, formatter: '{b}\n{d}%', fontSize: 16, fontWeight: 'bold' } },
          data: (data?.items ?? []).map((item) => ({
            name: t(kindLabel(item.kind)),
            value: fenToYuan(item.net),
          })),
        },
      ],
    }),
    [data, t],
  );
  return (
    <Card title={t('vault.source.title')}>
      {loading ? (
        <ChartSkeleton />
      ) : data && data.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('vault.empty')}
          style={{ height: CHART_HEIGHT, alignContent: 'center', margin: 0 }}
        />
      ) : (
        <EChart
          height={CHART_HEIGHT}
          option={option}
          ariaLabel={t('vault.source.title')}
          data-testid="income-source-chart"
        />
      )}
    </Card>
  );
}
