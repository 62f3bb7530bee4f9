import type { Withdrawal } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { WITHDRAWAL_COLORS, withdrawalStateLabel } from './labels.ts';
import { fetchWithdrawals, vaultKeys } from './service.ts';

/** The designer's withdrawals, newest first, with their state and any failure reason. */
export function WithdrawalsTable() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: vaultKeys.withdrawals(page),
    queryFn: () => fetchWithdrawals(page),
    placeholderData: (previous) => previous,
  });
  const columns: TableColumnsType<Withdrawal> = [
    { key: 'submittedAt', dataIndex: 'submittedAt', title: t('vault.withdrawals.submittedAt'), width: 180 },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('vault.column.amount'),
      align: 'right',
      render: (amount: number) => formatFen(amount, language),
    },
    {
      key: 'bank',
      title: t('vault.withdrawals.bank'),
      render: (_, w) => `${w.bankName} ${w.accountName} ${w.accountNumber}`,
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('vault.column.state'),
      render: (state: Withdrawal['state']) => (
        <Badge
          status={WITHDRAWAL_COLORS[state] as 'default' | 'processing' | 'success' | 'error'}
          text={t(withdrawalStateLabel(state))}
        />
      ),
    },
    {
      key: 'reason',
      dataIndex: 'failureReason',
      title: t('vault.withdrawals.reason'),
      render: (r) => r ?? '-',
    },
  ];
  return (
    <Table<Withdrawal>
      rowKey="id"
      size="middle"
      data-testid="withdrawals-table"
      loading={list.isFetching}
      columns={columns}
      dataSource={list.data?.dataList ?? []}
      scroll={{ x: 720 }}
      pagination={{ current: page, pageSize: 10, total: list.data?.totalNumber ?? 0, onChange: setPage }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('vault.withdrawals.empty')} />,
      }}
    />
  );
}
