import type { PartnerCompany } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Typography, theme } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { dividendSeries } from './partner-dividends.ts';
import { fetchDividends, partnerKeys } from './partner-service.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const HEIGHT = 220;
/** Every period of the company fits one answer (the contract's page maximum is 100). */
const CHART_QUERY = { page: 1, pageSize: 100, order: 'asc' } as const;

/** The company's dividend by period, oldest first, as bars in the brand colour. */
export function PartnerDividendChart({ company }: { company: PartnerCompany }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  const data = useQuery({
    queryKey: partnerKeys.chart(company.id),
    queryFn: ({ signal }) => fetchDividends(company.id, CHART_QUERY, signal),
  });
  const rows = data.data?.dataList;

  useEffect(() => {
    const element = ref.current;
    if (!element || !rows || rows.length === 0) return;
    const chart = echarts.init(element, undefined, { renderer: 'canvas' });
    const sorted = [...rows].sort((a, b) => a.period.localeCompare(b.period));
    const series = dividendSeries(sorted);
    chart.setOption({
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText },
        formatter: (params: unknown) => {
          const index = (params as { dataIndex: number }[])[0]?.dataIndex ?? 0;
          const row = sorted[index];
          return row
            ? `${row.period}<br/>${t('partner.chart.amount')}: ${formatFen(row.amount, language)}`
            : '';
        },
      },
      xAxis: {
        type: 'category',
        data: series.periods,
        axisLabel: { color: token.colorTextSecondary },
        axisLine: { lineStyle: { color: token.colorBorder } },
      },
      yAxis: {
        type: 'value',
        axisLabel: { color: token.colorTextSecondary },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      series: [
        {
          type: 'bar',
          name: t('partner.chart.amount'),
          data: series.yuan,
          barMaxWidth: 28,
          itemStyle: { color: token.colorPrimary, borderRadius: [4, 4, 0, 0] },
        },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [rows, token, t, language]);

  return (
    <div>
      <Typography.Text type="secondary">{t('partner.chart.title')}</Typography.Text>
      {data.isError ? (
        // Not "no dividends": the chart could not be asked for, and may be asked again.
        <LoadFailed onRetry={data.refetch} title={t('partner.chart.loadFailed')} />
      ) : data.isPending ? (
        <Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />
      ) : !rows || rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('partner.chart.empty')} />
      ) : (
        <div
          ref={ref}
          style={{ width: '100%', height: HEIGHT }}
          data-testid="dividend-chart"
          role="img"
          aria-label={t('partner.chart.title')}
        />
      )}
    </div>
  );
}
