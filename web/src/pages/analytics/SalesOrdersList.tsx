import type { DateType, SalesItemType, SalesOrder } from '@dc/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { type MessageKey, useLanguage, useT } from '../../locales/index.ts';
import { AnalysisTable } from './AnalysisTable.tsx';
import { ListFrame } from './ListFrame.tsx';
import { fetchOrders, ordersPath } from './service.ts';
import { useAnalysisList } from './use-analysis-list.ts';

const STATE_COLORS: Record<string, string> = {
  paid: 'blue',
  shipped: 'cyan',
  completed: 'green',
  refunded: 'red',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface SalesOrdersListProps {
  type: SalesItemType;
  dateType: DateType;
  createdAt: string;
}

/** The orders of one sales bucket (from `createdAt` to the end of its bucket, or `until`). */
export function SalesOrdersList({ type, dateType, createdAt }: SalesOrdersListProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [search] = useSearchParams();
  const until = search.get('until') ?? undefined;
  // The bucket is the list's whole filter: the period only leads back to the overview.
  const filter = until && DAY.test(until) ? { until } : {};
  const source = useAnalysisList({
    path: ordersPath(type, dateType, createdAt),
    sortBy: 'createdAt' as 'createdAt' | 'amount',
    filter: () => filter,
    fetch: fetchOrders,
  });
  const { table, list } = source;
  const money = (value: number) => formatFen(value, language);
  const stateLabel = (state: string) => {
    const key = `analytics.order.state.${state}` as MessageKey;
    const text = t(key);
    return text === key ? state : text;
  };
  const columns: TableColumnsType<SalesOrder> = [
    { key: 'itemTitle', dataIndex: 'itemTitle', title: t('analytics.order.item'), ellipsis: true },
    { key: 'buyer', dataIndex: 'buyer', title: t('analytics.order.buyer') },
    { key: 'quantity', dataIndex: 'quantity', title: t('analytics.order.quantity'), align: 'right' },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('analytics.order.amount'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrderOf('amount'),
      render: money,
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('analytics.order.state'),
      render: (state: string) => <Tag color={STATE_COLORS[state]}>{stateLabel(state)}</Tag>,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('analytics.order.createdAt'),
      sorter: true,
      sortOrder: table.sortOrderOf('createdAt'),
    },
  ];
  const end = list.data?.bucketEnd ?? until ?? createdAt;
  return (
    <ListFrame
      title={`${t(`analytics.sales.type.${type}`)} · ${t('analytics.sales.ordersOf', { start: createdAt, end })}`}
      {...source.frame}
    >
      <AnalysisTable<SalesOrder>
        source={source}
        rowKey="id"
        columns={columns}
        scroll={{ x: 800 }}
        data-testid="orders-table"
      />
    </ListFrame>
  );
}
