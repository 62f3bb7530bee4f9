import type { AnalyticsOverview } from '@dc/contract';
import { fenToYuan } from '@dc/contract';
import { Card, Col, Empty, Row } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import { amountAxis, amountLine, countAxis, countLine } from '../../components/charts/series.ts';
import { useT } from '../../locales/index.ts';

/** The overview's two trend charts: fans new / lost, and income with sales and orders. */
export function TrendCharts({
  overview,
  loading,
}: {
  overview: AnalyticsOverview | undefined;
  loading: boolean;
}) {
  const t = useT();
  const trend = overview?.trend ?? [];
  const buckets = trend.map((point) => point.bucket);
  const fansOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: buckets },
      yAxis: countAxis(),
      series: [
        {
          name: t('analytics.trend.newFans'),
          type: 'bar',
          barMaxWidth: 20,
          data: trend.map((p) => p.newFans),
        },
        {
          name: t('analytics.trend.lostFans'),
          type: 'bar',
          barMaxWidth: 20,
          data: trend.map((p) => p.lostFans),
        },
      ],
    }),
    [trend, buckets, t],
  );
  const moneyOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: buckets },
      yAxis: [amountAxis(), countAxis({ splitLine: { show: false } })],
      series: [
        // Yuan strings from integer fen; ECharts reads them as numbers.
        {
          name: t('analytics.trend.income'),
          type: 'bar',
          barMaxWidth: 20,
          data: trend.map((p) => fenToYuan(p.income)),
        },
        amountLine(
          t('analytics.trend.sales'),
          trend.map((p) => fenToYuan(p.salesAmount)),
        ),
        countLine(
          t('analytics.trend.orders'),
          trend.map((p) => p.orders),
          { yAxisIndex: 1 },
        ),
      ],
    }),
    [trend, buckets, t],
  );
  const fansEmpty = trend.every((p) => p.newFans === 0 && p.lostFans === 0);
  const moneyEmpty = trend.every((p) => p.income === 0 && p.orders === 0);
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.empty')} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('analytics.trend.fans')} loading={loading}>
          {fansEmpty ? (
            empty
          ) : (
            <EChart
              option={fansOption}
              ariaLabel={t('analytics.trend.fans')}
              data-testid="fans-trend-chart"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('analytics.trend.money')} loading={loading}>
          {moneyEmpty ? (
            empty
          ) : (
            <EChart
              option={moneyOption}
              ariaLabel={t('analytics.trend.money')}
              data-testid="money-trend-chart"
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
