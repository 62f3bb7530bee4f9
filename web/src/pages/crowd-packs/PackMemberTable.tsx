import type { FanRow } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatFen } from '../../components/money.ts';
import { DayCell } from '../../components/server-table/DayCell.tsx';
import { ONE_LINE, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { usePageCursor } from '../../components/server-table/page-cursor.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { FanIdentity, FanTagList } from '../fans/FanCells.tsx';
import { fetchMembers, packKeys } from './service.ts';

/** The members of the last computation, paged on the server, with the fan list's columns. */
export function PackMemberTable({ packId, onTrace }: { packId: number; onTrace(fan: FanRow): void }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  // Next / previous move by the shown page's cursor, a jump by `page` (components/server-table/page-cursor.ts).
  const pageCursor = usePageCursor(`${packId}:${paging.pageSize}`, paging.page);
  const members = useQuery({
    queryKey: packKeys.members(packId, paging.page, paging.pageSize),
    queryFn: ({ signal }) =>
      pageCursor.fetched(fetchMembers(packId, paging.page, paging.pageSize, signal, pageCursor.cursor)),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<FanRow> = [
    {
      key: 'fan',
      title: t('fans.column.fan'),
      fixed: 'left',
      width: 150,
      render: (_, fan) => <FanIdentity fan={fan} />,
    },
    {
      key: 'gender',
      title: t('fans.column.gender'),
      width: 76,
      render: (_, fan) => t(`fans.gender.${fan.gender}`),
    },
    { key: 'age', title: t('fans.column.age'), width: 64, render: (_, fan) => fan.age ?? '—' },
    { key: 'city', title: t('fans.column.city'), width: 72, render: (_, fan) => fan.cityName || '—' },
    {
      key: 'source',
      title: t('fans.column.source'),
      width: 76,
      render: (_, fan) => t(`fans.source.${fan.source}`),
    },
    {
      key: 'followedAt',
      dataIndex: 'followedAt',
      title: t('fans.column.followedAt'),
      width: 104,
      render: (at: string) => <DayCell at={at} />,
    },
    {
      key: 'lastActiveAt',
      dataIndex: 'lastActiveAt',
      title: t('fans.column.lastActiveAt'),
      width: 104,
      render: (at: string | null) => <DayCell at={at} />,
    },
    {
      key: 'totalSpent',
      title: t('fans.column.totalSpent'),
      align: 'right',
      width: 104,
      ...ONE_LINE,
      render: (_, fan) => `¥${formatFen(fan.totalSpent, language)}`,
    },
    {
      key: 'orderCount',
      dataIndex: 'orderCount',
      title: t('fans.column.orderCount'),
      align: 'right',
      width: 72,
    },
    {
      key: 'tags',
      title: t('fans.column.tags'),
      width: 90,
      render: (_, fan) => <FanTagList fan={fan} />,
    },
    {
      key: 'why',
      title: t('crowdPacks.column.actions'),
      fixed: 'right',
      width: 124,
      render: (_, fan) => (
        <Button type="link" size="small" onClick={() => onTrace(fan)}>
          {t('crowdPacks.detail.why')}
        </Button>
      ),
    },
  ];
  return (
    <Table<FanRow>
      rowKey="id"
      size="middle"
      data-testid="pack-members"
      columns={columns}
      dataSource={members.data?.dataList ?? []}
      loading={members.isPending || members.isPlaceholderData}
      scroll={scrollToFit(columns)}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crowdPacks.detail.membersEmpty')} />
        ),
      }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: members.data?.totalNumber ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('fans.total', { total: total.toLocaleString() }),
        onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
      }}
    />
  );
}
