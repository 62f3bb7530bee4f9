import { type CaseTable, foreign, own } from './cases.ts';

const RANGE = { start: '2025-03-15', end: '2026-03-15' };

/** 我的金库: balance, statistics, ledger, withdrawals. */
export const vaultCases: CaseTable = {
  'GET /vault/balance': own(),
  'GET /vault/income-trend': own(() => ({ query: RANGE })),
  'GET /vault/income-by-source': own(() => ({ query: RANGE })),
  'GET /vault/top-items': own(() => ({ query: RANGE })),
  'GET /vault/pending-settlements': own(),
  'GET /vault/ledger': own(),
  'GET /vault/ledger/export.csv': own(),
  'GET /vault/ledger/{id}': foreign(async (x) => ({ params: { id: await x.aId('ledger_entries') } })),
  'GET /vault/withdrawals': own(),
  // B has no balance: refused, and A's balance is not B's to spend.
  'POST /vault/withdrawals': own(() => ({ payload: { amount: 100 } }), [40000, 40900, 42900]),
  'GET /vault/withdrawal-account': own(),
};
