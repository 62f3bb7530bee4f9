import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { fenToYuan, type Language, type LedgerFilters } from '@dc/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { ledgerEntries as l } from '../../src/db/schema/index.ts';
import { CSV_BOM, csvCell } from '../../src/http/csv.ts';
import { toWireDateTime } from '../../src/http/wire-time.ts';
import { CopyBinaryTexts, ledgerCopySql, ledgerCsv } from '../../src/modules/vault/export.ts';
import { kindLabel, stateLabel } from '../../src/modules/vault/labels.ts';
import { type LedgerRow, ledgerWhere, sortColumnOf } from '../../src/modules/vault/ledger-query.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  queryRows,
  type TestApp,
  testDatabaseKind,
} from '../support/test-app.ts';

/*
 * Issue 21 item 4: the ledger CSV is formatted by the database (COPY on PostgreSQL, keyset
 * batches on PGlite). The reference is the JS formatter every export used before, kept here
 * verbatim: the new output must equal it byte for byte on rows made to break a CSV.
 */

const OLD_HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '编号',
    '时间',
    '类型',
    '状态',
    '标题',
    '来源',
    '买家',
    '金额(元)',
    '手续费(元)',
    '净额(元)',
    '结算时间',
  ],
  'en-US': [
    'ID',
    'Time',
    'Type',
    'State',
    'Title',
    'Source',
    'Buyer',
    'Amount (CNY)',
    'Fee (CNY)',
    'Net (CNY)',
    'Settled at',
  ],
};

const oldCsvLine = (row: LedgerRow, language: Language) =>
  [
    String(row.id),
    toWireDateTime(row.createdAt),
    kindLabel(row.kind, language),
    stateLabel(row.state, language),
    row.title,
    row.sourceTitle ?? '',
    row.buyer ?? '',
  ]
    .map((cell) => csvCell(cell))
    .concat(
      [fenToYuan(row.amount), fenToYuan(row.fee), fenToYuan(row.net)],
      row.settledAt ? toWireDateTime(row.settledAt) : '',
    )
    .join(',');

/** The CSV as the JS formatter wrote it before issue 21 item 4 (rows read by drizzle). */
async function oldCsv(db: Database, designerId: number, filters: LedgerFilters, language: Language) {
  const direction = filters.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(l)
    .where(ledgerWhere(designerId, filters))
    .orderBy(direction(sortColumnOf(filters.sortBy)), direction(l.id));
  return `${CSV_BOM}${OLD_HEADERS[language].join(',')}\r\n${rows.map((row) => `${oldCsvLine(row, language)}\r\n`).join('')}`;
}

const TITLES = [
  'say "hi"',
  'a,b',
  'line1\nline2',
  'crlf\r\nend',
  '=SUM(A1:A9)',
  '+86 138 0000',
  '-5 off',
  '@handle',
  '\tTabbed',
  '\rCR first',
  '=HYPERLINK("http://x.example","y"),z',
  '🧵 旗袍 👗',
  "O'Brien's \\ back\\slash",
  ' =space first',
  '',
  '"',
  '旗袍课 plain',
  '%_ percent',
];
const BUYERS = [null, '', "=cmd|' /C calc'!A0", '李,先生', '"quoted"', '-1', '👩‍🎨 王女士', 'plain'];
const SOURCES = [null, '+sum', 'x\ny', '真丝旗袍', ''];
const KINDS = [
  'course_sale',
  'boutique_sale',
  'video_reward',
  'partner_dividend',
  'refund',
  'withdrawal',
  'platform_fee',
] as const;
const STATES = ['pending', 'available', 'withdrawn', 'refunded'] as const;
const MONEY: [number, number][] = [
  [10000, 1000],
  [-3000, 0],
  [5, 0],
  [-5, 0],
  [0, 0],
  [123456789012, 12345678901],
  [-100, 0],
  [1, 1],
  [99, 0],
  [20000, 2000],
];
/** Instants (ties on purpose), with microseconds, at a business-day edge, in 1988's summer time. */
const INSTANTS = [
  '2025-02-01 00:00:00+08',
  '2025-01-31 23:59:59.999999+08',
  '2025-03-05 10:00:00.123456+08',
  '2025-03-05 10:00:00.123456+08',
  '1988-07-01 00:00:00+00',
  '2025-02-15 12:00:00+08',
  '2025-02-15 12:00:00+08',
  '2024-12-31 16:00:00.5+00',
];

const TRICKY_ROWS = 48;

async function insertTricky(db: Database, designerId: number) {
  for (let i = 0; i < TRICKY_ROWS; i++) {
    const [amount, fee] = MONEY[i % MONEY.length]!;
    const settled = i % 3 !== 0;
    await db.execute(sql`
      insert into ledger_entries (designer_id, kind, amount, fee, net, state, title, source_type, source_id,
                                  source_title, buyer, created_at, settle_due_at, settled_at)
      values (${designerId}, ${KINDS[i % KINDS.length]}, ${amount}, ${fee}, ${amount - fee},
              ${STATES[i % STATES.length]}, ${TITLES[i % TITLES.length]}, ${i % 2 ? 'course' : null}, ${i},
              ${SOURCES[i % SOURCES.length]}, ${BUYERS[i % BUYERS.length]},
              ${INSTANTS[i % INSTANTS.length]}::timestamptz, null,
              ${settled ? sql`${INSTANTS[(i + 3) % INSTANTS.length]}::timestamptz + interval '7 days 0.000123 seconds'` : null})`);
  }
}

const FILTERS: LedgerFilters[] = [
  { sortBy: 'createdAt', order: 'desc' },
  { sortBy: 'createdAt', order: 'asc' },
  { sortBy: 'amount', order: 'desc' },
  { sortBy: 'amount', order: 'asc' },
  { sortBy: 'net', order: 'desc' },
  { sortBy: 'net', order: 'asc' },
  { sortBy: 'createdAt', order: 'desc', kind: 'refund' },
  { sortBy: 'createdAt', order: 'desc', state: 'pending' },
  { sortBy: 'amount', order: 'asc', dateFrom: '2025-02-01', dateTo: '2025-03-05' },
  { sortBy: 'createdAt', order: 'desc', amountMin: -100, amountMax: 10000 },
  { sortBy: 'createdAt', order: 'desc', keyword: '"' },
  { sortBy: 'createdAt', order: 'desc', keyword: "O'Brien" },
  { sortBy: 'createdAt', order: 'desc', keyword: "x' or '1'='1" },
  { sortBy: 'createdAt', order: 'desc', keyword: '\\' },
  { sortBy: 'createdAt', order: 'desc', keyword: '%_' },
  { sortBy: 'createdAt', order: 'desc', keyword: '旗袍' },
  { sortBy: 'createdAt', order: 'desc', keyword: '🧵' },
  { sortBy: 'createdAt', order: 'desc', keyword: ',' },
];

const queryOf = (filters: LedgerFilters) =>
  new URLSearchParams(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

const EXPORT = `${API}/vault/ledger/export.csv`;
const PASSWORD = 'export-pass-1';
const kind = testDatabaseKind();
/** Rows of the large designer: on PostgreSQL more than the sockets between here and there hold. */
const BIG_ROWS = kind === 'postgres' ? 150_000 : 12_000;

let t: TestApp;
let base: string;
let tricky: { id: number; token: string };
let other: { id: number; token: string };
let big: { id: number; token: string };
/** Bytes of the large designer's whole download (the first test of the large export). */
let fullBytes = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  // No job workers: their polling would take clients of the pool the tests count.
  t = await createTestApp({ env: { JOB_WORKERS: 'false' } });
  const trickyId = await createDesigner(t.db, { account: 'tricky', password: PASSWORD });
  const otherId = await createDesigner(t.db, { account: 'other', password: PASSWORD });
  const bigId = await createDesigner(t.db, { account: 'big', password: PASSWORD });
  await insertTricky(t.db, trickyId);
  await insertTricky(t.db, otherId);
  // About 400 bytes a line: 150,000 of them are 60 MB.
  await t.db.execute(sql`
    insert into ledger_entries (designer_id, kind, amount, fee, net, state, title, source_type, source_id,
                                source_title, buyer, created_at)
    select ${bigId}, 'course_sale', 1000 + i, 100, 900 + i, 'available', repeat('题', 60) || i, 'course', 1,
           repeat('s', 120), repeat('b', 60), timestamptz '2025-01-01 00:00:00+08' + i * interval '1 second'
    from generate_series(1, ${BIG_ROWS}) as i`);
  await t.db.execute(sql`analyze ledger_entries`);
  tricky = { id: trickyId, token: await loginAs(t.app, 'tricky', PASSWORD) };
  other = { id: otherId, token: await loginAs(t.app, 'other', PASSWORD) };
  big = { id: bigId, token: await loginAs(t.app, 'big', PASSWORD) };
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(() => t?.close());

const exportOf = (filters: LedgerFilters, language: Language, token = tricky.token) =>
  t.app.inject({
    method: 'GET',
    url: `${EXPORT}?${queryOf(filters)}`,
    headers: { ...authHeader(token), 'accept-language': language },
  });

const batches = async (filters: LedgerFilters, language: Language, batch: number) => {
  let all = '';
  for await (const chunk of ledgerCsv(t.db, tricky.id, filters, language, batch)) all += chunk;
  return all;
};

describe('issue 21 item 4 the CSV formatted by the database equals the JS formatter’s, byte for byte', () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`${language}: every sort and filter, through the endpoint and in keyset batches of 1, 3 and 5000`, async () => {
      for (const filters of FILTERS) {
        const expected = await oldCsv(t.db, tricky.id, filters, language);
        const res = await exportOf(filters, language);
        expect(res.statusCode, queryOf(filters)).toBe(200);
        expect(res.rawPayload.equals(Buffer.from(expected, 'utf8')), `${queryOf(filters)}\n${res.body}`).toBe(
          true,
        );
        expect(await batches(filters, language, 3), queryOf(filters)).toBe(expected);
      }
      const all = FILTERS[0]!;
      const expected = await oldCsv(t.db, tricky.id, all, language);
      expect(await batches(all, language, 1)).toBe(expected);
      expect(await batches(all, language, 5000)).toBe(expected);
    });
  }

  it('the tricky rows are all there, and none of another designer’s with the same texts', async () => {
    const expected = await oldCsv(t.db, tricky.id, FILTERS[0]!, 'en-US');
    // 48 rows, several holding line breaks inside quotes: count the ids the database holds.
    const ids = await queryRows<{ id: number }>(
      t.db,
      sql`select id from ledger_entries where designer_id = ${tricky.id}`,
    );
    expect(ids).toHaveLength(TRICKY_ROWS);
    const body = (await exportOf(FILTERS[0]!, 'en-US')).body;
    expect(body).toBe(expected);
    for (const { id } of ids) expect(body).toContain(`\r\n${id},`);
    const others = await queryRows<{ id: number }>(
      t.db,
      sql`select id from ledger_entries where designer_id = ${other.id}`,
    );
    for (const { id } of others) expect(body).not.toContain(`\r\n${id},`);
    // Defused and quoted as before: a formula gets a leading ', a quote is doubled, fee 0 is 0.00.
    expect(body).toContain(`,"'=HYPERLINK(""http://x.example"",""y""),z",`);
    expect(body).toContain(',-0.05,0.00,-0.05,');
    expect(body).toContain(',1234567890.12,123456789.01,1111111101.11,');
    expect((await exportOf(FILTERS[0]!, 'en-US', other.token)).body).not.toContain(`\r\n${ids[0]!.id},`);
  });

  it('a keyword is a value, never SQL, in the COPY statement’s text', () => {
    const text = ledgerCopySql(
      tricky.id,
      { sortBy: 'createdAt', order: 'desc', keyword: "x'); drop table designers; --" },
      'en-US',
    );
    expect(text).toContain(`'%x''); drop table designers; --%'`);
    expect(text.startsWith('copy (select ')).toBe(true);
  });
});

describe('issue 21 item 4 COPY’s binary format unwrapped', () => {
  const binary = (lines: string[]) => {
    const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
    for (const line of lines) {
      const bytes = Buffer.from(line, 'utf8');
      const head = Buffer.alloc(6);
      head.writeInt16BE(1, 0);
      head.writeInt32BE(bytes.length, 2);
      parts.push(head, bytes);
    }
    return Buffer.concat(parts);
  };
  const unwrap = async (chunks: Buffer[]) => {
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(new CopyBinaryTexts('H\r\n')))
      out.push(chunk as Buffer);
    return out;
  };
  const lines = ['1,a\r\n', '2,"x\ny"\r\n', '3,旗袍👗\r\n', '\r\n'];
  const whole = Buffer.concat([binary(lines), Buffer.from([0xff, 0xff])]);

  it('any split of the bytes gives the same text, and chunks end on whole lines', async () => {
    for (const size of [1, 2, 5, 7, 19, 64, whole.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < whole.length; at += size) chunks.push(whole.subarray(at, at + size));
      const out = await unwrap(chunks);
      expect(Buffer.concat(out).toString('utf8')).toBe(`H\r\n${lines.join('')}`);
      for (const chunk of out) expect(chunk.toString('utf8').endsWith('\n')).toBe(true);
    }
  });

  it('a COPY cut short (no trailer) fails the stream instead of ending it', async () => {
    await expect(unwrap([binary(lines)])).rejects.toThrow(/before its trailer/);
    await expect(unwrap([whole.subarray(0, whole.length - 5)])).rejects.toThrow(/before its trailer/);
  });
});

interface Download {
  res: http.IncomingMessage;
  first: Buffer;
  /** Reads the rest: whether the response arrived whole (its last chunk) and its bytes. */
  rest(): Promise<{ complete: boolean; bytes: number }>;
}

function startDownload(token: string, query = ''): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${EXPORT}?${query}`, { headers: authHeader(token) }, (res) => {
      let bytes = 0;
      // Listened from the start: a response cut while paused closes before anyone reads on.
      const closed = new Promise<{ complete: boolean; bytes: number }>((done) => {
        res.on('close', () => done({ complete: res.complete, bytes }));
      });
      res.on('error', () => undefined);
      res.once('data', (first: Buffer) => {
        res.pause();
        bytes += first.length;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        resolve({
          res,
          first,
          rest: () => {
            res.resume();
            return closed;
          },
        });
      });
    });
    req.on('error', reject);
  });
}

const until = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('issue 21 item 4 the large export streams, and a failure never looks like a complete CSV', () => {
  it('the whole large export arrives, line count and all', async () => {
    const download = await startDownload(big.token);
    const { complete, bytes } = await download.rest();
    expect(complete).toBe(true);
    fullBytes = bytes;
    const res = await t.app.inject({ method: 'GET', url: EXPORT, headers: authHeader(big.token) });
    expect(res.rawPayload.length).toBe(bytes);
    expect(res.body.split('\r\n').length).toBe(BIG_ROWS + 2); // the header, the rows, '' after the last
  }, 60_000);

  it.runIf(kind === 'pglite')(
    'PGlite: a batch failing mid-stream cuts the download short, unfinished',
    async () => {
      const execute = t.db.execute.bind(t.db);
      const dialect = new PgDialect();
      let batchesRead = 0;
      const spy = vi.spyOn(t.db, 'execute').mockImplementation(((query: SQL) => {
        if (dialect.sqlToQuery(query).sql.includes('string_agg')) {
          batchesRead += 1;
          if (batchesRead === 2) return Promise.reject(new Error('the database went away'));
        }
        return execute(query);
      }) as never);
      try {
        const download = await startDownload(big.token);
        const { complete, bytes } = await download.rest();
        expect(batchesRead).toBe(2);
        expect(complete).toBe(false);
        expect(bytes).toBeLessThan(fullBytes);
      } finally {
        spy.mockRestore();
      }
      expect((await t.app.inject({ method: 'GET', url: '/designerapi/v1/health' })).statusCode).toBe(200);
    },
    60_000,
  );

  describe.runIf(kind === 'postgres')('PostgreSQL: COPY on a client of the pool', () => {
    const pool = () => (t.db as unknown as { $client: pg.Pool }).$client;
    const checkedOut = () => pool().totalCount - pool().idleCount;
    const copies = async () => {
      const client = new pg.Client({ connectionString: pool().options.connectionString });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          // The client's backend only: a parallel plan's workers show the same statement.
          `select pid from pg_stat_activity where datname = current_database() and state = 'active'
             and backend_type = 'client backend' and query ilike 'copy (select %ledger_entries%'`,
        );
        return rows.map((row) => row.pid);
      } finally {
        await client.end();
      }
    };

    it('a download cancelled half-way returns its client and stops the COPY; the pool (5) outlives 6 of them', async () => {
      for (let i = 0; i < 6; i++) {
        const download = await startDownload(big.token);
        try {
          // The client waits: the COPY is still running, on a client checked out of the pool.
          await until('the COPY to run', async () => (await copies()).length === 1);
          expect(checkedOut()).toBe(1);
        } finally {
          download.res.destroy();
        }
        await until('the COPY to stop', async () => (await copies()).length === 0);
        await until('the client to leave its checkout', async () => checkedOut() === 0);
      }
      const res = await t.app.inject({ method: 'GET', url: EXPORT, headers: authHeader(tricky.token) });
      expect(res.body).toBe(await oldCsv(t.db, tricky.id, FILTERS[0]!, 'zh-CN'));
    }, 120_000);

    it('the backend killed mid-COPY cuts the download short, unfinished, and the pool serves on', async () => {
      const download = await startDownload(big.token);
      let pid: number | undefined;
      try {
        await until('the COPY to run', async () => (await copies()).length === 1);
        [pid] = await copies();
      } catch (error) {
        download.res.destroy();
        throw error;
      }
      const killer = new pg.Client({ connectionString: pool().options.connectionString });
      await killer.connect();
      await killer.query('select pg_terminate_backend($1)', [pid]);
      await killer.end();
      const { complete, bytes } = await download.rest();
      expect(complete).toBe(false);
      expect(bytes).toBeLessThan(fullBytes);
      await until('the client to leave its checkout', async () => checkedOut() === 0);
      const res = await t.app.inject({ method: 'GET', url: EXPORT, headers: authHeader(tricky.token) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(await oldCsv(t.db, tricky.id, FILTERS[0]!, 'zh-CN'));
    }, 60_000);
  });
});
