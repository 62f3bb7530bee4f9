import type { PackSizePoint } from '@dc/contract';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import { countAxis, countLine } from '../../components/charts/series.ts';
import { useT } from '../../locales/index.ts';

/** The pack's size at each computation (issue 8 item 5). */
export function PackSizeChart({ history }: { history: PackSizePoint[] }) {
  const t = useT();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 56, right: 24, top: 24, bottom: 32 },
      xAxis: { type: 'category', data: history.map((p) => p.at.slice(5, 16)) },
      yAxis: countAxis(),
      series: [
        countLine(
          t('crowdPacks.column.size'),
          history.map((p) => p.size),
          { areaStyle: { opacity: 0.15 } },
        ),
      ],
    }),
    [history, t],
  );
  if (history.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crowdPacks.detail.historyEmpty')} />;
  }
  return (
    <EChart
      option={option}
      height={240}
      ariaLabel={t('crowdPacks.detail.history')}
      data-testid="pack-size-chart"
    />
  );
}
