import { SALES_TREND_DAYS } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Segmented, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import { amountAxis, amountLine, countAxis } from '../../components/charts/series.ts';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { courseKeys, fetchSalesTrend } from './service.ts';

/** Buyers (bars) and revenue (line) per day of one course, over 7 to 365 days. */
export function CourseSalesTrend({ courseId }: { courseId: number }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [days, setDays] = useState<number>(30);
  const trend = useQuery({
    queryKey: courseKeys.trend(courseId, days),
    queryFn: ({ signal }) => fetchSalesTrend(courseId, days, signal),
  });
  const option = useMemo(() => {
    const points = trend.data?.points ?? [];
    const sales = t('course.detail.trendSales');
    const revenue = t('course.detail.trendRevenue');
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [sales, revenue], top: 0 },
      grid: { left: 48, right: 64, top: 56, bottom: 32 },
      xAxis: { type: 'category', data: points.map((p) => p.date.slice(5)) },
      yAxis: [countAxis({ name: sales }), amountAxis({ name: revenue, splitLine: { show: false } })],
      series: [
        { name: sales, type: 'bar', data: points.map((p) => p.sales) },
        amountLine(
          revenue,
          points.map((p) => p.revenue / 100),
          { yAxisIndex: 1, showSymbol: false },
        ),
      ],
    };
  }, [trend.data, t]);
  return (
    <Card
      title={t('course.detail.trend')}
      extra={
        <Segmented<number>
          size="small"
          value={days}
          options={SALES_TREND_DAYS.map((value) => ({
            value,
            label: t('course.detail.days', { days: value }),
          }))}
          onChange={setDays}
        />
      }
    >
      <Spin spinning={trend.isPending}>
        {trend.data && (
          <Typography.Text type="secondary">
            {t('course.detail.trendTotal', {
              days,
              sales: trend.data.totalSales,
              revenue: formatFen(trend.data.totalRevenue, language),
            })}
          </Typography.Text>
        )}
        <EChart
          option={option}
          height={300}
          ariaLabel={t('course.detail.trend')}
          data-testid="course-trend-chart"
        />
      </Spin>
    </Card>
  );
}
