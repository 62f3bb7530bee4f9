import { DownloadOutlined, WalletOutlined } from '@ant-design/icons';
import type { LedgerListQuery, LedgerSort } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { usePageCursor } from '../../components/server-table/page-cursor.ts';
import { useT } from '../../locales/index.ts';
import { EntryDrawer } from './EntryDrawer.tsx';
import { LedgerFilters, type LedgerFilterValues } from './LedgerFilters.tsx';
import { LedgerTable } from './LedgerTable.tsx';
import { downloadLedgerCsv, fetchLedger, fetchVaultBalance, vaultKeys } from './service.ts';
import { WithdrawalModal } from './WithdrawalModal.tsx';
import { WithdrawalsTable } from './WithdrawalsTable.tsx';

interface Paging {
  page: number;
  pageSize: number;
  sortBy: LedgerSort;
  order: 'asc' | 'desc';
}

/** 金库明细: the ledger (filters, sorting, totals, detail, CSV export) and withdrawals. */
export default function VaultDetailedPage() {
  const t = useT();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<LedgerFilterValues>({});
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10, sortBy: 'createdAt', order: 'desc' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const query: LedgerListQuery = { ...filters, ...paging };
  // Next / previous move by the shown page's cursor, a jump by `page` (components/server-table/page-cursor.ts).
  const pageCursor = usePageCursor(JSON.stringify({ ...query, page: undefined }), paging.page);
  const ledger = useQuery({
    queryKey: vaultKeys.ledger(query),
    queryFn: ({ signal }) => pageCursor.fetched(fetchLedger({ ...query, cursor: pageCursor.cursor }, signal)),
    placeholderData: keepPreviousData,
  });
  const balance = useQuery({ queryKey: vaultKeys.balance(30), queryFn: () => fetchVaultBalance(30) });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLedgerCsv({ ...filters, sortBy: paging.sortBy, order: paging.order });
    } catch {
      void message.error(t('vault.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const ledgerTab = (
    <Flex vertical gap={16}>
      <LedgerFilters
        onChange={(next) => {
          setFilters(next);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
      />
      <LedgerTable
        page={ledger.data}
        loading={ledger.isFetching}
        current={paging.page}
        pageSize={paging.pageSize}
        sortBy={paging.sortBy}
        order={paging.order}
        onChange={setPaging}
        onOpen={setOpenId}
      />
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('vault.detailedTitle')}
        </Typography.Title>
        <Flex gap={8}>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {exporting ? t('vault.exporting') : t('vault.export')}
          </Button>
          <Button
            type="primary"
            icon={<WalletOutlined />}
            disabled={!balance.data || balance.data.available < 100}
            onClick={() => setWithdrawing(true)}
          >
            {t('vault.withdraw')}
          </Button>
        </Flex>
      </Flex>
      <Card>
        <Tabs
          items={[
            { key: 'ledger', label: t('vault.ledger.tab'), children: ledgerTab },
            { key: 'withdrawals', label: t('vault.withdrawals.tab'), children: <WithdrawalsTable /> },
          ]}
        />
      </Card>
      <EntryDrawer id={openId} onClose={() => setOpenId(null)} />
      <WithdrawalModal
        open={withdrawing}
        available={balance.data?.available ?? 0}
        onClose={() => setWithdrawing(false)}
      />
    </Flex>
  );
}
