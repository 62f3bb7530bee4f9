import type { RecruitmentSettings } from '@dc/contract';
import { Card, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import type { ChartOption } from '../../components/charts/echarts.ts';
import { countAxis } from '../../components/charts/series.ts';
import { useT } from '../../locales/index.ts';

/** Visits and follows per channel, from the counters the public page keeps. */
export function RecruitChannelChart({ settings }: { settings: RecruitmentSettings }) {
  const t = useT();
  const { channels } = settings;
  const follows = channels.reduce((sum, c) => sum + c.follows, 0);
  const visits = channels.reduce((sum, c) => sum + c.visits, 0);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: channels.map((c) => t(`recruit.channel.${c.channel}`)) },
      yAxis: countAxis(),
      series: [
        { name: t('recruit.visits'), type: 'bar', data: channels.map((c) => c.visits) },
        { name: t('recruit.follows'), type: 'bar', data: channels.map((c) => c.follows) },
      ],
    }),
    [channels, t],
  );
  return (
    <Card title={t('recruit.stats')}>
      <Typography.Paragraph type="secondary" data-testid="recruit-total">
        {t('recruit.totalFollows', { count: follows.toLocaleString(), visits: visits.toLocaleString() })}
      </Typography.Paragraph>
      {visits === 0 && follows === 0 ? (
        <Empty description={t('recruit.noStats')} />
      ) : (
        <EChart
          option={option}
          height={260}
          ariaLabel={t('recruit.statsLabel')}
          data-testid="recruit-chart"
        />
      )}
      <table style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <tbody>
          {channels.map((c) => (
            <tr
              key={c.channel}
              data-testid={`recruit-count-${c.channel}`}
              data-visits={c.visits}
              data-follows={c.follows}
            >
              <th>{t(`recruit.channel.${c.channel}`)}</th>
              <td>{c.visits}</td>
              <td>{c.follows}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
