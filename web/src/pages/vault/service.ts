import {
  endpointUrl,
  type Granularity,
  type LedgerExportQuery,
  type LedgerListQuery,
  type ListPage,
  vaultApi,
  type Withdrawal,
  type WithdrawalBody,
} from '@dc/contract';
import { call } from '../../api/call.ts';
import { downloadCsvFile } from '../../components/csv-download.ts';

export interface StatisticsRange {
  start: string;
  end: string;
}

/** react-query keys: everything under `all`, so a withdrawal refreshes every vault figure. */
export const vaultKeys = {
  all: ['vault'] as const,
  balance: (days: number) => ['vault', 'balance', days] as const,
  trend: (range: StatisticsRange, granularity: Granularity) =>
    ['vault', 'trend', range, granularity] as const,
  bySource: (range: StatisticsRange) => ['vault', 'by-source', range] as const,
  topItems: (range: StatisticsRange) => ['vault', 'top-items', range] as const,
  pending: ['vault', 'pending'] as const,
  ledger: (query: LedgerListQuery) => ['vault', 'ledger', query] as const,
  entry: (id: number) => ['vault', 'entry', id] as const,
  withdrawals: (page: number) => ['vault', 'withdrawals', page] as const,
  account: ['vault', 'withdrawal-account'] as const,
};

export const fetchVaultBalance = (days = 30) => call(vaultApi.balance, { query: { days } });
export const fetchIncomeTrend = (range: StatisticsRange, granularity: Granularity) =>
  call(vaultApi.incomeTrend, { query: { ...range, granularity } });
export const fetchIncomeBySource = (range: StatisticsRange) =>
  call(vaultApi.incomeBySource, { query: range });
export const fetchTopItems = (range: StatisticsRange) =>
  call(vaultApi.topItems, { query: { ...range, limit: 10 } });
export const fetchPendingSettlements = () => call(vaultApi.pendingSettlements);

export const fetchLedger = (query: LedgerListQuery, signal?: AbortSignal) =>
  call(vaultApi.ledger, { query }, { signal });
export const fetchLedgerEntry = (id: number) => call(vaultApi.ledgerEntry, { params: { id } });
export const fetchWithdrawals = (page: number) =>
  call(vaultApi.withdrawals, { query: { page, pageSize: 10 } }, { list: true });
export const fetchWithdrawalAccount = () => call(vaultApi.withdrawalAccount);
export const requestWithdrawal = (body: WithdrawalBody) => call(vaultApi.requestWithdrawal, { body });

export type WithdrawalPage = ListPage<Withdrawal>;

/** Downloads the server's streamed CSV of the filtered ledger. */
export const downloadLedgerCsv = (filters: LedgerExportQuery): Promise<void> =>
  downloadCsvFile(endpointUrl(vaultApi.exportLedgerCsv), filters, 'vault-ledger.csv');
