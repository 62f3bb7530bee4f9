import type { LedgerFilters } from '@dc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDueEntries } from '../../src/modules/vault/ledger.ts';
import {
  ledgerTotalsFromRollups,
  ledgerTotalsQuery,
  rollupsAnswer,
} from '../../src/modules/vault/ledger-query.ts';
import { createVaultApp, NOW, type VaultApp } from './support.ts';

/**
 * Issue 10 (ledger page at 5,000,000 rows): totals of filters on kind, state and business days
 * come from the daily rollups. They must equal the totals of the rows, on every such filter —
 * including the business-day edges of Mei's ledger (23:59:59 on 01-31 and 00:00 on 02-01,
 * Asia/Shanghai) and after settlement moved income from pending to available.
 */
let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
  await settleDueEntries(t.db, t.mei.id, NOW);
});
afterAll(() => t?.close());

const base = { sortBy: 'createdAt', order: 'desc' } as LedgerFilters;
const kinds = [undefined, 'course_sale', 'boutique_sale', 'withdrawal', 'refund'] as const;
const states = [undefined, 'pending', 'available', 'withdrawn'] as const;
const ranges = [
  {},
  { dateFrom: '2025-01-31', dateTo: '2025-01-31' },
  { dateFrom: '2025-02-01', dateTo: '2025-02-28' },
  { dateFrom: '2025-01-01', dateTo: '2025-03-10' },
  { dateFrom: '2025-03-01' },
  { dateTo: '2025-02-01' },
] as const;

const numbers = (row: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));

describe('issue 10: ledger totals from the daily rollups', () => {
  it('§issue 10 item 3: every kind × state × business-day range sums as the rows do', async () => {
    let compared = 0;
    for (const kind of kinds) {
      for (const state of states) {
        for (const range of ranges) {
          const filters = { ...base, kind, state, ...range } as LedgerFilters;
          const [fromRows] = await ledgerTotalsQuery(t.db, t.mei.id, filters);
          const [fromRollups] = await ledgerTotalsFromRollups(t.db, t.mei.id, filters);
          expect(numbers(fromRollups), JSON.stringify(filters)).toEqual(numbers(fromRows));
          compared++;
        }
      }
    }
    expect(compared).toBe(kinds.length * states.length * ranges.length);
  });

  it('another designer’s rollups are not summed (tenancy)', async () => {
    const [mine] = await ledgerTotalsFromRollups(t.db, t.kai.id, base);
    const [rows] = await ledgerTotalsQuery(t.db, t.kai.id, base);
    expect(numbers(mine)).toEqual(numbers(rows));
  });

  it('an amount or a keyword is a property of single entries: the rows answer', () => {
    expect(rollupsAnswer({ ...base, kind: 'course_sale', dateFrom: '2025-01-01' })).toBe(true);
    expect(rollupsAnswer({ ...base, amountMin: 100 })).toBe(false);
    expect(rollupsAnswer({ ...base, amountMax: 100 })).toBe(false);
    expect(rollupsAnswer({ ...base, keyword: '旗袍' })).toBe(false);
  });
});
