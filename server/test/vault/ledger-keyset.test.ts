import type { LedgerPage, LedgerSort } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysetOrder, keysetSeek } from '../../src/db/keyset.ts';
import { ledgerEntries } from '../../src/db/schema/index.ts';
import { type LedgerInput, recordLedgerEntries } from '../../src/modules/vault/ledger.ts';
import { ledgerKeysetSort } from '../../src/modules/vault/ledger-query.ts';
import { expectFailure } from '../support/calls.ts';
import { envelopeOf, queryRows } from '../support/test-app.ts';
import { createVaultApp, shanghai, type VaultApp } from './support.ts';

/**
 * Issue 21 item 3: the ledger pages by keyset on (sort column, id) for each of its sorts. Mei's
 * eight entries plus twenty with tied amounts and times a millisecond apart or less, walked six
 * at a time by cursor, forward and back, against the order read here from the table.
 */
let t: VaultApp;
const SIZE = 6;

beforeAll(async () => {
  t = await createVaultApp();
  const extra: LedgerInput[] = Array.from({ length: 20 }, (_, i) => ({
    designerId: t.mei.id,
    kind: i % 2 === 0 ? 'course_sale' : 'video_reward',
    amount: [100, 100, 200, 300][i % 4]!,
    fee: i % 3 === 0 ? 10 : 0,
    title: 'keyset',
    createdAt: new Date(shanghai('2025-02-10 12:00:00').getTime() + (i % 3)),
  }));
  await recordLedgerEntries(t.db, extra);
  // Times that differ below a millisecond (a JS Date would make them equal).
  await t.db.execute(
    sql`update ledger_entries set created_at = created_at + (id % 2) * interval '1 microsecond'
        where designer_id = ${t.mei.id} and title = 'keyset'`,
  );
});
afterAll(() => t?.close());

interface Row {
  id: number;
  amount: string;
  net: string;
  us: string;
  kind: string;
}

async function expectedOrder(sortBy: LedgerSort, order: 'asc' | 'desc', kind?: string): Promise<number[]> {
  const rows = await queryRows<Row>(
    t.db,
    sql`select id, amount::text as amount, net::text as net, kind,
          (extract(epoch from created_at) * 1000000)::bigint::text as us
        from ledger_entries where designer_id = ${t.mei.id}`,
  );
  const keyOf = (r: Row) => BigInt(sortBy === 'amount' ? r.amount : sortBy === 'net' ? r.net : r.us);
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .filter((r) => !kind || r.kind === kind)
    .sort((a, b) => {
      const [ka, kb] = [keyOf(a), keyOf(b)];
      if (ka !== kb) return sign * (ka < kb ? -1 : 1);
      return sign * (a.id - b.id);
    })
    .map((r) => r.id);
}

const page = async (query: string, token = t.mei.token) => {
  const res = await t.get(`/ledger?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf(res).data as LedgerPage;
};
const ids = (p: LedgerPage) => p.dataList.map((e) => e.id);

const orders = (['createdAt', 'amount', 'net'] as const).flatMap((sortBy) =>
  (['asc', 'desc'] as const).map((order) => [sortBy, order] as const),
);

describe('issue 21 item 3: the ledger pages by cursor', () => {
  it('has ties on amount and net, and 28 entries', async () => {
    const want = await expectedOrder('amount', 'asc');
    expect(want).toHaveLength(28);
  });

  it.each(orders)(
    'walking every page by cursor (%s %s) yields every entry once, in order, both ways',
    async (sortBy, order) => {
      const want = await expectedOrder(sortBy, order);
      const sort = `sortBy=${sortBy}&order=${order}&pageSize=${SIZE}`;
      const pages = [await page(sort)];
      expect(pages[0]!.prevCursor).toBeNull();
      while (pages.at(-1)!.nextCursor) {
        pages.push(await page(`${sort}&cursor=${pages.at(-1)!.nextCursor}`));
        expect(pages.length).toBeLessThanOrEqual(5);
      }
      expect(pages.flatMap(ids)).toEqual(want);
      // Totals stay those of every filtered row, whichever page.
      for (const p of pages) expect(p.totals.entries).toBe(28);
      for (const [i, p] of pages.entries()) expect(ids(await page(`${sort}&page=${i + 1}`))).toEqual(ids(p));
      const back = [pages.at(-1)!];
      while (back.at(-1)!.prevCursor) {
        back.push(await page(`${sort}&cursor=${back.at(-1)!.prevCursor}`));
        expect(back.length).toBeLessThanOrEqual(5);
      }
      expect(back.reverse().flatMap(ids)).toEqual(want);
      // A jump from the nearest cursor.
      expect(ids(await page(`${sort}&page=4&cursor=${pages[0]!.nextCursor}`))).toEqual(want.slice(18, 24));
    },
  );

  it('walks a filtered ledger within its filter', async () => {
    const want = await expectedOrder('amount', 'desc', 'course_sale');
    const query = `kind=course_sale&sortBy=amount&order=desc&pageSize=4`;
    let p = await page(query);
    const seen = ids(p);
    while (p.nextCursor) {
      p = await page(`${query}&cursor=${p.nextCursor}`);
      seen.push(...ids(p));
    }
    expect(seen).toEqual(want);
  });

  it('refuses a garbled cursor, another designer’s, and one of another filter: 400 naming `cursor`', async () => {
    const first = await page(`kind=course_sale&pageSize=${SIZE}`);
    expect(first.nextCursor).not.toBeNull();
    for (const cursor of ['abc', 'e30', `A${first.nextCursor!.slice(1)}`]) {
      expectFailure(await t.get(`/ledger?kind=course_sale&cursor=${cursor}`), 40000, 400, 'cursor');
    }
    // Kai's session: nothing of Mei's comes back.
    const kai = await t.get(
      `/ledger?kind=course_sale&pageSize=${SIZE}&cursor=${first.nextCursor}`,
      t.kai.token,
    );
    expectFailure(kai, 40000, 400, 'cursor');
    expect(JSON.stringify(envelopeOf(kai).data)).not.toContain('旗袍');
    expectFailure(
      await t.get(`/ledger?kind=refund&pageSize=${SIZE}&cursor=${first.nextCursor}`),
      40000,
      400,
      'cursor',
    );
    expectFailure(
      await t.get(`/ledger?kind=course_sale&sortBy=amount&pageSize=${SIZE}&cursor=${first.nextCursor}`),
      40000,
      400,
      'cursor',
    );
  });
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('issue 21 item 3: every ledger sort seeks in an index on (designer, column, id)', () => {
  it.each(orders)('%s %s: an index range, no sort', async (sortBy, order) => {
    const sort = ledgerKeysetSort(sortBy, order);
    const key = sortBy === 'createdAt' ? '2025-02-10T04:00:00.000001Z' : '100';
    const query = t.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.designerId} = ${t.mei.id} and ${keysetSeek(sort, { key, id: 5 }, 'after')}`)
      .orderBy(...keysetOrder(sort))
      .limit(SIZE + 1)
      .toSQL();
    const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = await tx.execute(sql.raw(`explain (format json) ${inlined}`));
      const [row] = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[] }).rows;
      const raw = row!['QUERY PLAN'];
      return (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
    });
    const nodes = nodesOf(plan);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    const scan = nodes.find((n) => n['Node Type'].startsWith('Index'));
    expect(scan?.['Index Name']).toBe(
      sortBy === 'createdAt'
        ? 'ledger_designer_created_idx'
        : sortBy === 'amount'
          ? 'ledger_designer_amount_idx'
          : 'ledger_designer_net_idx',
    );
    expect(scan?.['Index Cond']).toMatch(/ROW\(/);
  });
});
