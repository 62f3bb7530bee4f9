import type { LedgerEntry, LedgerPage, LedgerSort } from '@dc/contract';
import { Button, Empty, Table, type TableColumnsType, type TableProps, Tag, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { kindLabel, STATE_COLORS, stateLabel } from './labels.ts';

export interface LedgerTableProps {
  page: LedgerPage | undefined;
  loading: boolean;
  current: number;
  pageSize: number;
  sortBy: LedgerSort;
  order: 'asc' | 'desc';
  onChange(change: { page: number; pageSize: number; sortBy: LedgerSort; order: 'asc' | 'desc' }): void;
  onOpen(id: number): void;
}

/** The server-paginated ledger with sorting and a totals row of every filtered row. */
export function LedgerTable({
  page,
  loading,
  current,
  pageSize,
  sortBy,
  order,
  onChange,
  onOpen,
}: LedgerTableProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const money = (value: number) => formatFen(value, language);
  const sortOrder = (key: LedgerSort) => (sortBy === key ? (order === 'asc' ? 'ascend' : 'descend') : null);
  const columns: TableColumnsType<LedgerEntry> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('vault.column.createdAt'),
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      width: 180,
    },
    { key: 'title', dataIndex: 'title', title: t('vault.column.title'), ellipsis: true },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('vault.column.kind'),
      render: (kind: LedgerEntry['kind']) => t(kindLabel(kind)),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('vault.column.state'),
      width: 150,
      render: (state: LedgerEntry['state']) => <Tag color={STATE_COLORS[state]}>{t(stateLabel(state))}</Tag>,
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('vault.column.amount'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('amount'),
      render: money,
    },
    { key: 'fee', dataIndex: 'fee', title: t('vault.column.fee'), align: 'right', render: money },
    {
      key: 'net',
      dataIndex: 'net',
      title: t('vault.column.net'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('net'),
      render: money,
    },
    {
      key: 'action',
      title: t('vault.column.action'),
      render: (_, entry) => (
        <Button type="link" size="small" onClick={() => onOpen(entry.id)}>
          {t('vault.detail')}
        </Button>
      ),
    },
  ];
  const handleChange: TableProps<LedgerEntry>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = (single?.order ? single.columnKey : 'createdAt') as LedgerSort;
    onChange({
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? pageSize,
      sortBy: key,
      order: single?.order === 'ascend' ? 'asc' : 'desc',
    });
  };
  return (
    <Table<LedgerEntry>
      rowKey="id"
      size="middle"
      data-testid="ledger-table"
      loading={loading}
      columns={columns}
      dataSource={page?.dataList ?? []}
      scroll={{ x: 960 }}
      onChange={handleChange}
      pagination={{ current, pageSize, total: page?.totalNumber ?? 0, showSizeChanger: true }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vault.ledger.empty')} />,
      }}
      summary={() =>
        page && page.totals.entries > 0 ? (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="ledger-totals">
              <Table.Summary.Cell index={0} colSpan={4}>
                <Typography.Text strong>{t('vault.totals', { count: page.totals.entries })}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <span data-testid="total-amount">{money(page.totals.amount)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(page.totals.fee)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                <Typography.Text strong data-testid="total-net">
                  {money(page.totals.net)}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} />
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
