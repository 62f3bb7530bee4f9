import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { RankingRow } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Empty, Flex, Segmented, Table, type TableColumnsType, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { pictureAt } from '../../components/pictures.ts';
import { ONE_LINE, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { PeriodBar, usePeriod } from './PeriodBar.tsx';
import { periodQueryOf } from './period.ts';
import { analyticsKeys, fetchRanking, type RankingKind } from './service.ts';

export interface RankingViewProps<M extends string> {
  kind: RankingKind;
  title: string;
  hint?: string;
  metrics: readonly M[];
  metricLabel(metric: M): string;
  /** The value as shown: a count, yuan, a percentage or stars. */
  formatValue(metric: M, value: number): string;
}

/** Rank movement against the previous period: an arrow with the places moved, or "new". */
export function Movement({ row }: { row: RankingRow }) {
  const t = useT();
  const { token } = theme.useToken();
  if (row.movement === 'new') return <Tag color="gold">{t('analytics.rank.new')}</Tag>;
  const places = Math.abs((row.previousRank ?? row.rank) - row.rank);
  if (row.movement === 'up')
    return (
      <Typography.Text
        style={{ color: token.colorSuccess }}
        aria-label={t('analytics.rank.up', { n: places })}
        data-movement="up"
      >
        <ArrowUpOutlined /> {places}
      </Typography.Text>
    );
  if (row.movement === 'down')
    return (
      <Typography.Text
        style={{ color: token.colorError }}
        aria-label={t('analytics.rank.down', { n: places })}
        data-movement="down"
      >
        <ArrowDownOutlined /> {places}
      </Typography.Text>
    );
  return (
    <Typography.Text type="secondary" aria-label={t('analytics.rank.same')} data-movement="same">
      <MinusOutlined />
    </Typography.Text>
  );
}

/** A ranking page: period, metric, and the server-paginated ranked rows with their movement. */
export function RankingView<M extends string>({
  kind,
  title,
  hint,
  metrics,
  metricLabel,
  formatValue,
}: RankingViewProps<M>) {
  const t = useT();
  const [period, setPeriod] = usePeriod();
  const [metric, setMetric] = useState<M>(metrics[0] as M);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = { ...periodQueryOf(period), metric, ...paging };
  const ranking = useQuery({
    queryKey: analyticsKeys.ranking(kind, query),
    queryFn: () => fetchRanking(kind, query),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<RankingRow> = [
    {
      key: 'rank',
      dataIndex: 'rank',
      title: t('analytics.rank.rank'),
      width: 80,
      render: (rank: number) => <Typography.Text strong>{rank}</Typography.Text>,
    },
    {
      key: 'movement',
      title: t('analytics.rank.movement'),
      width: 110,
      render: (_, row) => <Movement row={row} />,
    },
    {
      key: 'title',
      title: t('analytics.rank.item'),
      width: 220,
      ellipsis: true,
      render: (_, row) => (
        <Flex gap={8} align="center">
          <Avatar alt="" shape="square" size="small" src={pictureAt(row.cover, 160)}>
            {row.title.slice(0, 1)}
          </Avatar>
          <Typography.Text ellipsis>{row.title}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'value',
      title: `${t('analytics.rank.value')} · ${metricLabel(metric)}`,
      align: 'right',
      width: 180,
      ...ONE_LINE,
      render: (_, row) => formatValue(metric, row.value),
    },
    {
      key: 'previousValue',
      title: t('analytics.rank.previousValue'),
      align: 'right',
      width: 130,
      ...ONE_LINE,
      render: (_, row) => formatValue(metric, row.previousValue),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      <PeriodBar
        period={period}
        onChange={(next) => {
          setPaging((current) => ({ ...current, page: 1 }));
          setPeriod(next);
        }}
        computedAt={ranking.data?.computedAt}
      />
      <Segmented<M>
        aria-label={t('analytics.rank.metric')}
        value={metric}
        onChange={(next) => {
          setPaging((current) => ({ ...current, page: 1 }));
          setMetric(next);
        }}
        options={metrics.map((value) => ({ value, label: metricLabel(value) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <Table<RankingRow>
        rowKey="id"
        columns={columns}
        scroll={scrollToFit(columns)}
        dataSource={ranking.data?.dataList}
        loading={ranking.isFetching}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.rank.empty')} />,
        }}
        onChange={(pagination) =>
          setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 })
        }
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: ranking.data?.totalNumber ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('analytics.total', { count }),
        }}
        data-testid="ranking-table"
      />
    </Flex>
  );
}
