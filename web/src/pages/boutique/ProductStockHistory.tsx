import { STOCK_HISTORY_DAYS, type StockMovement } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Segmented, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import type { ChartOption } from '../../components/charts/echarts.ts';
import { countAxis, countLine } from '../../components/charts/series.ts';
import { useT } from '../../locales/index.ts';
import { boutiqueKeys, fetchStockHistory } from './service.ts';

/** The daily stock level (line) with units sold and added (bars), and the latest movements. */
export function ProductStockHistory({ productId }: { productId: number }) {
  const t = useT();
  const [days, setDays] = useState<number>(90);
  const history = useQuery({
    queryKey: boutiqueKeys.stock(productId, days),
    queryFn: ({ signal }) => fetchStockHistory(productId, days, signal),
  });
  const labels = {
    stock: t('boutique.detail.stockLevel'),
    sold: t('boutique.detail.sold'),
    added: t('boutique.detail.added'),
  };
  const option = useMemo<ChartOption>(() => {
    const points = history.data?.points ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [labels.stock, labels.sold, labels.added] },
      grid: { left: 48, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: points.map((p) => p.date.slice(5)) },
      yAxis: countAxis(),
      series: [
        countLine(
          labels.stock,
          points.map((p) => p.stock),
          { showSymbol: false },
        ),
        { name: labels.sold, type: 'bar', data: points.map((p) => p.sold) },
        { name: labels.added, type: 'bar', data: points.map((p) => p.added) },
      ],
    };
  }, [history.data, labels.stock, labels.sold, labels.added]);
  const columns: TableColumnsType<StockMovement> = [
    { key: 'at', title: t('boutique.movement.at'), dataIndex: 'at', width: 170 },
    {
      key: 'variant',
      title: t('boutique.order.variant'),
      render: (_, m) => `${m.size} / ${m.color} · ${m.sku}`,
    },
    {
      key: 'reason',
      title: t('boutique.order.state'),
      width: 90,
      render: (_, m) => t(`boutique.movement.reason.${m.reason}`),
    },
    {
      key: 'delta',
      title: t('boutique.movement.delta'),
      width: 80,
      render: (_, m) => (
        <Typography.Text type={m.delta < 0 ? 'danger' : 'success'}>
          {m.delta > 0 ? `+${m.delta}` : m.delta}
        </Typography.Text>
      ),
    },
    { key: 'after', title: t('boutique.movement.after'), dataIndex: 'stockAfter', width: 80 },
  ];
  return (
    <Flex vertical gap={12}>
      <Segmented
        value={days}
        onChange={(value) => setDays(Number(value))}
        options={STOCK_HISTORY_DAYS.map((value) => ({
          value,
          label: t('boutique.detail.days', { days: value }),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {history.isPending ? (
        <Spin>
          <div style={{ height: 280 }} />
        </Spin>
      ) : (
        <EChart
          option={option}
          height={280}
          ariaLabel={t('boutique.detail.chartLabel')}
          data-testid="stock-chart"
        />
      )}
      <Typography.Text strong>{t('boutique.detail.movements')}</Typography.Text>
      <Table<StockMovement>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={history.data?.movements ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ x: 600 }}
        locale={{ emptyText: t('boutique.detail.movementsEmpty') }}
      />
    </Flex>
  );
}
