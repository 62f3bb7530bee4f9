import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDailyRollups } from '../../src/db/schema/index.ts';
import { ledgerCsv } from '../../src/modules/vault/export.ts';
import { rebuildLedgerRollups } from '../../src/modules/vault/ledger.ts';
import { envelopeOf, queryRows } from '../support/test-app.ts';
import { createVaultApp, type VaultApp } from './support.ts';

let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
});
afterAll(() => t?.close());

interface Page {
  dataList: { id: number; kind: string; amount: number; net: number; state: string }[];
  totalNumber: number;
  totalPages: number;
  totals: { entries: number; amount: number; fee: number; net: number };
}
const page = async (query: string, token?: string) => {
  const res = await t.get(`/ledger?${query}`, token);
  const body = envelopeOf(res);
  expect(body.code, res.body).toBe(200);
  return body.data as Page;
};

describe('issue 6 §3 ledger: filters, totals of the filtered rows, sorting, paging', () => {
  it('all 8 rows: amount 80500, fee 8800, net 71700; newest first', async () => {
    const data = await page('pageSize=3');
    expect(data.totals).toEqual({ entries: 8, amount: 80500, fee: 8800, net: 71700 });
    expect(data.totalNumber).toBe(8);
    expect(data.totalPages).toBe(3);
    expect(data.dataList.map((row) => row.amount)).toEqual([2000, 50000, -3000]);
  });

  it('kind, state, business-day range, amount range and keyword each narrow the totals', async () => {
    expect((await page('kind=course_sale')).totals).toEqual({
      entries: 2,
      amount: 30000,
      fee: 3000,
      net: 27000,
    });
    expect((await page('state=pending')).totals.net).toBe(47000);
    // Feb 1 00:00:00 is in, Jan 31 23:59:59 out, Feb 28 23:59 in.
    expect((await page('dateFrom=2025-02-01&dateTo=2025-02-28')).totals).toMatchObject({
      entries: 4,
      net: 8500,
    });
    expect((await page('amountMin=2000&amountMax=20000')).totals).toMatchObject({ entries: 4, net: 36200 });
    expect((await page('keyword=旗袍')).totals.entries).toBe(4);
    expect((await page('keyword=李先生')).dataList.map((row) => row.kind)).toEqual([
      'boutique_sale',
      'refund',
    ]);
    expect((await page('keyword=%25')).totals.entries).toBe(0);
  });

  it('sorting by amount ascending starts with the withdrawal', async () => {
    const data = await page('sortBy=amount&order=asc&pageSize=2');
    expect(data.dataList.map((row) => row.amount)).toEqual([-6000, -3000]);
  });

  it('Bad input: a page past the end is an empty page with the totals; unknown kind, reversed ranges → 40000', async () => {
    const past = await page('page=5&pageSize=10');
    expect(past.dataList).toEqual([]);
    expect(past.totalNumber).toBe(8);
    const errorPath = async (query: string) =>
      (envelopeOf(await t.get(`/ledger?${query}`)) as { code: number; data: { errors: { path: string }[] } })
        .data.errors[0]!.path;
    expect(await errorPath('kind=salary')).toBe('kind');
    expect(await errorPath('amountMin=500&amountMax=100')).toBe('amountMax');
    expect(await errorPath('dateFrom=2025-02-02&dateTo=2025-02-01')).toBe('dateTo');
    expect(await errorPath('amountMin=1.5')).toBe('amountMin');
  });

  it("DESIGN tenancy: an entry's detail; another designer's entry is 40400", async () => {
    const mine = (await page('kind=boutique_sale')).dataList[0]!;
    const detail = envelopeOf(await t.get(`/ledger/${mine.id}`));
    expect(detail.data).toMatchObject({
      kind: 'boutique_sale',
      sourceType: 'product',
      sourceId: 7,
      buyer: '李先生',
      createdAt: '2025-03-05 10:00:00',
      settleDueAt: '2025-03-12 10:00:00',
      settledAt: null,
    });
    const kais = (await page('', t.kai.token)).dataList[0]!;
    const res = await t.get(`/ledger/${kais.id}`);
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).code).toBe(40400);
    expect((await page('keyword=李先生')).totals.entries).toBe(2);
  });
});

describe('issue 6 §3 CSV export of the filtered rows', () => {
  it('UTF-8 BOM, a header, one line per filtered row, amounts as yuan from integers', async () => {
    const res = await t.get('/ledger/export.csv?kind=course_sale&sortBy=amount&order=asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,100\.00,10\.00,90\.00,/);
    expect(lines[2]).toMatch(/,200\.00,20\.00,180\.00,/);
  });

  it('the rows equal the list under the same filter; keyset batches change nothing', async () => {
    const res = await t.get('/ledger/export.csv?dateFrom=2025-02-01&dateTo=2025-03-31');
    const ids = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    const listed = (await page('dateFrom=2025-02-01&dateTo=2025-03-31&pageSize=100')).dataList.map(
      (row) => row.id,
    );
    expect(ids).toEqual(listed);
    const filters = { sortBy: 'net', order: 'desc' } as const;
    const chunks = async (batch: number) => {
      let all = '';
      for await (const chunk of ledgerCsv(t.db, t.mei.id, filters, 'en-US', batch)) all += chunk;
      return all;
    };
    const small = await chunks(3);
    expect(small).toBe(await chunks(1000));
    expect(small.trimEnd().split('\r\n')).toHaveLength(9);
  });

  it('negative amounts stay numbers (no formula quoting on amounts)', async () => {
    const res = await t.get('/ledger/export.csv?kind=platform_fee');
    expect(res.body).toContain(',-5.00,0.00,-5.00,');
  });
});

describe('issue 6 §7 rollups', () => {
  it('the rollups kept by every write equal a rebuild from the ledger', async () => {
    const snapshot = async () =>
      queryRows(
        t.db,
        sql`select designer_id, day::text, kind, state, amount::text, fee::text, net::text, entries
            from ${ledgerDailyRollups} order by 1, 2, 3, 4`,
      );
    await t.get('/ledger'); // the ledger page settles what is due
    const kept = await snapshot();
    await rebuildLedgerRollups(t.db);
    expect(await snapshot()).toEqual(kept);
    expect(kept.length).toBeGreaterThan(0);
  });
});
