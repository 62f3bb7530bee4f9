/** The vault area's front door: what other areas and the app use of it. */
export { withdrawalStateLabel } from './labels.ts';
export { rebuildLedgerRollups, recordLedgerEntries, recordLedgerEntry } from './ledger.ts';
export { vaultRoutes } from './routes.ts';
export { incomeTrend } from './trends.ts';
export { listAllWithdrawals, transitionWithdrawal, type WithdrawalAction } from './withdrawals.ts';
