import type { FanListPage, FanRow, FanSortField } from '@dc/contract';
import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import { formatFen } from '../../components/money.ts';
import { DayCell } from '../../components/server-table/DayCell.tsx';
import { ONE_LINE, SELECTION_COLUMN_WIDTH, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { FanTagList, fanColumns } from './FanCells.tsx';
import type { FanListState } from './filters.ts';

export interface FanTableProps {
  page: FanListPage | undefined;
  loading: boolean;
  state: FanListState;
  filtered: boolean;
  selectedIds: number[];
  /** "Every fan the filter matches" is chosen: every row shows ticked, ticking is off. */
  allMatching: boolean;
  onSelect(ids: number[]): void;
  onChange(change: Pick<FanListState, 'page' | 'pageSize' | 'sortBy' | 'order'>): void;
}

const sortable: Record<string, FanSortField> = {
  followedAt: 'followedAt',
  lastActiveAt: 'lastActiveAt',
  totalSpent: 'totalSpent',
  orderCount: 'orderCount',
  age: 'age',
};

/** The fans of one page; selection is kept across pages (ids), sort and paging on the server. */
export function FanTable({
  page,
  loading,
  state,
  filtered,
  selectedIds,
  allMatching,
  onSelect,
  onChange,
}: FanTableProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const sortOrder = (field: FanSortField) =>
    state.sortBy === field ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const shared = fanColumns(t);
  const columns: TableColumnsType<FanRow> = [
    shared.fan,
    shared.gender,
    {
      key: 'age',
      title: t('fans.column.age'),
      width: 72,
      sorter: true,
      sortOrder: sortOrder('age'),
      render: (_, fan) => fan.age ?? '—',
    },
    { key: 'city', title: t('fans.column.city'), width: 72, render: (_, fan) => fan.cityName || '—' },
    shared.source,
    { ...shared.followedAt, sorter: true, sortOrder: sortOrder('followedAt') },
    {
      key: 'lastActiveAt',
      dataIndex: 'lastActiveAt',
      title: t('fans.column.lastActiveAt'),
      width: 112,
      render: (at: string | null) => <DayCell at={at} />,
      sorter: true,
      sortOrder: sortOrder('lastActiveAt'),
    },
    {
      key: 'totalSpent',
      title: t('fans.column.totalSpent'),
      align: 'right',
      width: 100, // ¥275,445.00 whole; with gender 84 and source 100 the list fits 1366 px (1,036 px box)
      ...ONE_LINE,
      sorter: true,
      sortOrder: sortOrder('totalSpent'),
      render: (_, fan) => `¥${formatFen(fan.totalSpent, language)}`,
    },
    {
      key: 'orderCount',
      dataIndex: 'orderCount',
      title: t('fans.column.orderCount'),
      align: 'right',
      width: 80,
      sorter: true,
      sortOrder: sortOrder('orderCount'),
    },
    {
      key: 'tags',
      title: t('fans.column.tags'),
      width: 112,
      render: (_, fan) => <FanTagList fan={fan} />,
    },
  ];
  const handleChange: TableProps<FanRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = sortable[String(one?.columnKey ?? '')];
      onChange({
        page: 1,
        pageSize: state.pageSize,
        sortBy: one?.order && field ? field : 'followedAt',
        order: one?.order === 'ascend' ? 'asc' : 'desc',
      });
      return;
    }
    const pageSize = pagination.pageSize ?? state.pageSize;
    onChange({
      page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1,
      pageSize,
      sortBy: state.sortBy,
      order: state.order,
    });
  };
  const rows = page?.dataList ?? [];
  return (
    <Table<FanRow>
      rowKey="id"
      size="middle"
      data-testid="fan-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={scrollToFit(columns, SELECTION_COLUMN_WIDTH)}
      onChange={handleChange}
      rowSelection={{
        preserveSelectedRowKeys: true,
        selectedRowKeys: allMatching ? rows.map((r) => r.id) : selectedIds,
        getCheckboxProps: () => ({ disabled: allMatching }),
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('fans.emptyFiltered') : t('fans.empty')}
          />
        ),
      }}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total: page?.totalNumber ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) =>
          t(page?.totalIsEstimate ? 'fans.totalAbout' : 'fans.total', { total: total.toLocaleString() }),
      }}
    />
  );
}
