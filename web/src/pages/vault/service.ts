import type {
  Granularity,
  IncomeBySource,
  IncomeTrend,
  LedgerEntry,
  LedgerExportQuery,
  LedgerListQuery,
  LedgerPage,
  ListPage,
  PendingSettlements,
  TopItems,
  VaultBalance,
  Withdrawal,
  WithdrawalAccount,
  WithdrawalBody,
} from '@dc/contract';
import { downloadCsvFile } from '../../components/csv-download.ts';
import { request } from '../../request/index.ts';

const BASE = '/designerapi/v1/vault';

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

export const fetchVaultBalance = (days = 30) =>
  request.get<VaultBalance>(`${BASE}/balance`, { params: { days } });
export const fetchIncomeTrend = (range: StatisticsRange, granularity: Granularity) =>
  request.get<IncomeTrend>(`${BASE}/income-trend`, { params: { ...range, granularity } });
export const fetchIncomeBySource = (range: StatisticsRange) =>
  request.get<IncomeBySource>(`${BASE}/income-by-source`, { params: range });
export const fetchTopItems = (range: StatisticsRange) =>
  request.get<TopItems>(`${BASE}/top-items`, { params: { ...range, limit: 10 } });
export const fetchPendingSettlements = () => request.get<PendingSettlements>(`${BASE}/pending-settlements`);

export const fetchLedger = (query: LedgerListQuery, signal?: AbortSignal) =>
  request.get<LedgerPage>(`${BASE}/ledger`, { params: query, signal });
export const fetchLedgerEntry = (id: number) => request.get<LedgerEntry>(`${BASE}/ledger/${id}`);
export const fetchWithdrawals = (page: number) =>
  request.getList<Withdrawal>(`${BASE}/withdrawals`, { params: { page, pageSize: 10 } });
export const fetchWithdrawalAccount = () => request.get<WithdrawalAccount>(`${BASE}/withdrawal-account`);
export const requestWithdrawal = (body: WithdrawalBody) =>
  request.post<Withdrawal>(`${BASE}/withdrawals`, body);

export type WithdrawalPage = ListPage<Withdrawal>;

/** Downloads the server's streamed CSV of the filtered ledger. */
export const downloadLedgerCsv = (filters: LedgerExportQuery): Promise<void> =>
  downloadCsvFile(`${BASE}/ledger/export.csv`, filters, 'vault-ledger.csv');
