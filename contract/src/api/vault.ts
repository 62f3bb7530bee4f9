import { endpointsOf } from '../endpoint.ts';
import type { vaultSchemas } from '../vault.ts';

/** The vault calls: method and path, typed with `vaultSchemas` (no zod at run time). */
export const vaultApi = endpointsOf<typeof vaultSchemas>()({
  balance: 'GET /vault/balance',
  incomeTrend: 'GET /vault/income-trend',
  incomeBySource: 'GET /vault/income-by-source',
  topItems: 'GET /vault/top-items',
  pendingSettlements: 'GET /vault/pending-settlements',
  ledger: 'GET /vault/ledger',
  exportLedgerCsv: 'GET /vault/ledger/export.csv',
  ledgerEntry: 'GET /vault/ledger/:id',
  withdrawals: 'GET /vault/withdrawals',
  withdrawalAccount: 'GET /vault/withdrawal-account',
  requestWithdrawal: 'POST /vault/withdrawals',
});
