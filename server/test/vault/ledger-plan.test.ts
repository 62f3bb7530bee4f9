import type { LedgerFilters } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotalsQuery } from '../../src/modules/vault/ledger-query.ts';
import { createVaultApp, type VaultApp } from './support.ts';

/**
 * Issue 10 (ledger page, 3 filters: 733 ms at 5,000,000 rows, a scan of the table for the
 * totals): the totals read only an index whatever the date, kind, state and amount filters.
 * Timings stay in the benchmark; this guards the plan's shape, which is deterministic once the
 * planner may not fall back to the table (sequential and bitmap scans off).
 */
let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
  // Index-only scans need the visibility map; production's autovacuum keeps it.
  await t.db.execute(sql`vacuum analyze ledger_entries`);
});
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const scansOf = (node: PlanNode): PlanNode[] =>
  node['Node Type'].includes('Scan') ? [node] : (node.Plans ?? []).flatMap(scansOf);

async function totalsScans(filters: LedgerFilters): Promise<PlanNode[]> {
  const { sql: text, params } = ledgerTotalsQuery(t.db, t.mei.id, filters).toSQL();
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    // Parameters inlined: EXPLAIN takes no bind parameters; the values are the test's own.
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    const result = await tx.execute(sql.raw(`explain (format json) ${inlined}`));
    const [row] = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows;
    return scansOf(row!['QUERY PLAN'][0].Plan);
  });
}

const literal = (value: unknown): string =>
  typeof value === 'number'
    ? String(value)
    : `'${(value instanceof Date ? value.toISOString() : String(value)).replace(/'/g, "''")}'`;

const base = { sortBy: 'createdAt', order: 'desc' } as LedgerFilters;

describe('issue 10: the ledger totals are an index-only scan', () => {
  it.each([
    ['no filter', {}, 'ledger_designer_created_idx'],
    [
      'dates and state',
      { dateFrom: '2025-01-01', dateTo: '2025-03-10', state: 'available' },
      'ledger_designer_created_idx',
    ],
    [
      'kind, dates and a minimum amount (the benchmark case)',
      { kind: 'course_sale', dateFrom: '2025-01-01', dateTo: '2025-03-10', amountMin: 10000 },
      'ledger_designer_kind_created_idx',
    ],
  ] as const)('%s', async (_, filters, index) => {
    const scans = await totalsScans({ ...base, ...filters } as LedgerFilters);
    expect(scans.map((scan) => [scan['Node Type'], scan['Index Name']])).toEqual([
      ['Index Only Scan', index],
    ]);
  });
});
