import { LOOK_STATS_DAYS } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import type { ChartOption } from '../../components/charts/echarts.ts';
import { countAxis, countLine } from '../../components/charts/series.ts';
import { useT } from '../../locales/index.ts';
import { fetchLookStats, lookKeys } from './service.ts';

type Days = (typeof LOOK_STATS_DAYS)[number];

/** 数据: the look's views, rotations and product taps, in total and per day. */
export function LookStatsPanel({ lookId }: { lookId: number }) {
  const t = useT();
  const [days, setDays] = useState<Days>(30);
  const stats = useQuery({
    queryKey: lookKeys.stats(lookId, days),
    queryFn: ({ signal }) => fetchLookStats(lookId, days, signal),
  });
  const option = useMemo<ChartOption>(() => {
    const daily = stats.data?.daily ?? [];
    const series = (name: string, key: 'views' | 'rotations' | 'productTaps') =>
      countLine(
        name,
        daily.map((row) => row[key]),
        { showSymbol: false },
      );
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: daily.map((row) => row.day.slice(5)) },
      yAxis: countAxis(),
      series: [
        series(t('looks.statsViews'), 'views'),
        series(t('looks.statsRotations'), 'rotations'),
        series(t('looks.statsTaps'), 'productTaps'),
      ],
    };
  }, [stats.data, t]);

  const totals = stats.data?.totals;
  const anyEvents = (stats.data?.daily ?? []).some((row) => row.views + row.rotations + row.productTaps > 0);
  return (
    <Card
      title={t('looks.stats')}
      extra={
        <Segmented<Days>
          value={days}
          onChange={setDays}
          options={LOOK_STATS_DAYS.map((value) => ({ value, label: t('looks.statsDays', { days: value }) }))}
        />
      }
    >
      {stats.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={8}>
              <Statistic
                title={`${t('looks.statsViews')} · ${t('looks.statsTotal')}`}
                value={totals?.views ?? 0}
                data-testid="look-stats-views"
              />
            </Col>
            <Col span={8}>
              <Statistic
                title={`${t('looks.statsRotations')} · ${t('looks.statsTotal')}`}
                value={totals?.rotations ?? 0}
              />
            </Col>
            <Col span={8}>
              <Statistic
                title={`${t('looks.statsTaps')} · ${t('looks.statsTotal')}`}
                value={totals?.productTaps ?? 0}
              />
            </Col>
          </Row>
          {anyEvents ? (
            <EChart option={option} height={260} ariaLabel={t('looks.statsChart')} />
          ) : (
            <Empty description={t('looks.statsEmpty')} />
          )}
        </>
      )}
    </Card>
  );
}
