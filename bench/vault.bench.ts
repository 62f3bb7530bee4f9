/**
 * `npm run bench -- vault [--rows=N] [--runs=N]`: the vault statistics on PostgreSQL with a large
 * ledger for one designer (default 5,000,000 rows). Creates and drops the scratch database
 * `dc_bench_vault` on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 * Reports p50/p99 of the statistics endpoints through the real app (`app.inject`, session,
 * validation, envelope) and their ratio to the raw rollup query they are built on.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { postgresHandle } from '../server/src/db/client.ts';
import { designers } from '../server/src/db/schema/index.ts';
import { hashPassword } from '../server/src/modules/auth/passwords.ts';
import { rebuildLedgerRollups } from '../server/src/modules/vault/ledger.ts';

const SCRATCH = 'dc_bench_vault';
const CHUNK = 250_000;

const option = (options: string[], name: string, fallback: number) => {
  const raw = options.find((o) => o.startsWith(`--${name}=`))?.split('=')[1];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name}: a positive integer`);
  return value;
};

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timed(runs: number, work: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, runs); i++) await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export default async function vaultBench(options: string[]): Promise<void> {
  const rows = option(options, 'rows', 5_000_000);
  const runs = option(options, 'runs', 200);
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = withDatabase(baseUrl, SCRATCH);
  await admin(baseUrl, `DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
  await admin(baseUrl, `CREATE DATABASE ${SCRATCH}`);
  const database = postgresHandle(url, 4);
  try {
    await database.migrate();
    const db = database.db;
    const password = 'bench-pass-1';
    const [designer] = await db
      .insert(designers)
      .values({
        account: 'bench',
        passwordHash: await hashPassword(password),
        nickname: 'bench',
        status: 'active',
      })
      .returning({ id: designers.id });
    const designerId = designer!.id;

    const load = performance.now();
    // A year of entries, spread evenly; kinds in a fixed mix; amounts from a cheap hash of i.
    for (let from = 1; from <= rows; from += CHUNK) {
      const to = Math.min(rows, from + CHUNK - 1);
      await db.execute(sql`
        insert into ledger_entries (designer_id, kind, amount, fee, net, state, title, source_type,
                                    source_id, source_title, created_at, settle_due_at, settled_at)
        select ${designerId}, k.kind,
               case when k.sign < 0 then -a.amount else a.amount end,
               case when k.sign > 0 then a.amount / 10 else 0 end,
               case when k.sign > 0 then a.amount - a.amount / 10 else -a.amount end,
               case when k.kind = 'refund' then 'refunded' when k.kind = 'withdrawal' then 'withdrawn'
                    when k.sign > 0 and t.at > now() - interval '7 days' then 'pending' else 'available' end,
               'bench ' || (i % 500), k.source, i % 500, 'item ' || (i % 500), t.at,
               case when k.sign > 0 then t.at + interval '7 days' end,
               case when k.sign > 0 and t.at <= now() - interval '7 days' then t.at + interval '7 days'
                    when k.sign < 0 then t.at end
        from generate_series(${from}::int, ${to}::int) as i
        cross join lateral (select (i::bigint * 7919 % 49900 + 100) as amount) a
        cross join lateral (select now() - (i::float8 / ${rows}) * interval '365 days' as at) t
        cross join lateral (
          select (array['course_sale','course_sale','boutique_sale','boutique_sale','video_reward',
                        'partner_dividend','refund','withdrawal','platform_fee','course_sale'])[1 + i % 10] as kind,
                 (array[1,1,1,1,1,1,-1,-1,-1,1])[1 + i % 10] as sign,
                 (array['course','course','product','product','video','partner','product',null,null,'course'])[1 + i % 10] as source
        ) k`);
      process.stdout.write(`  inserted ${to.toLocaleString('en-US')} rows\n`);
    }
    const inserted = performance.now();
    await rebuildLedgerRollups(db, designerId);
    await db.execute(sql`analyze ledger_entries`);
    await db.execute(sql`analyze ledger_daily_rollups`);
    const rolled = performance.now();

    const config = {
      ...loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent', DATABASE_URL: url, SEED: 'none' }),
    };
    const app = await buildApp({ config, database, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/designerapi/v1/login',
      payload: { account: 'bench', password },
    });
    const token = login.json().data.token as string;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() + 8 * 3_600_000 - 365 * 86_400_000).toISOString().slice(0, 10);
    const get = (path: string) => async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/designerapi/v1/vault${path}`,
        headers: { authtoken: token },
      });
      if (res.statusCode !== 200) throw new Error(`${path}: HTTP ${res.statusCode} ${res.body}`);
    };
    const raw = (query: ReturnType<typeof sql>) => async () => {
      await db.execute(query);
    };
    const rawBalance = sql`select sum(net) filter (where kind <> 'withdrawal'),
        sum(net) filter (where kind <> 'withdrawal' and state = 'pending'),
        -sum(net) filter (where kind = 'withdrawal') from ledger_daily_rollups where designer_id = ${designerId}`;
    const rawTrend = sql`select to_char(date_trunc('day', day::timestamp), 'YYYY-MM-DD'), sum(net), sum(amount), sum(entries)
        from ledger_daily_rollups where designer_id = ${designerId} and day between ${yearAgo} and ${today} group by 1`;
    const rawLedgerScan = sql`select sum(net) from ledger_entries where designer_id = ${designerId}`;

    const cases: Array<{ name: string; endpoint: () => Promise<void>; raw: () => Promise<void> }> = [
      { name: 'GET /vault/balance', endpoint: get('/balance?days=30'), raw: raw(rawBalance) },
      {
        name: 'GET /vault/income-trend (365 days, by day)',
        endpoint: get(`/income-trend?start=${yearAgo}&end=${today}&granularity=day`),
        raw: raw(rawTrend),
      },
      {
        name: 'GET /vault/income-by-source (365 days)',
        endpoint: get(`/income-by-source?start=${yearAgo}&end=${today}`),
        raw: raw(rawTrend),
      },
    ];
    const lines: string[][] = [];
    for (const c of cases) {
      const endpoint = await timed(runs, c.endpoint);
      const rollup = await timed(runs, c.raw);
      lines.push([
        c.name,
        endpoint.p50.toFixed(2),
        endpoint.p99.toFixed(2),
        rollup.p50.toFixed(2),
        (endpoint.p50 / rollup.p50).toFixed(1),
      ]);
    }
    const scan = await timed(Math.min(runs, 5), raw(rawLedgerScan));
    await app.close();

    const header = ['case', 'p50 ms', 'p99 ms', 'raw rollup p50 ms', 'ratio'];
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
    process.stdout.write(
      [
        `ledger rows: ${rows.toLocaleString('en-US')} (one designer), runs per case: ${runs}`,
        `load: insert ${((inserted - load) / 1000).toFixed(1)} s, rollup rebuild + analyze ${((rolled - inserted) / 1000).toFixed(1)} s`,
        format(header),
        format(widths.map((w) => '-'.repeat(w))),
        ...lines.map(format),
        `for comparison, Σ net straight from ledger_entries (no rollups): p50 ${scan.p50.toFixed(1)} ms`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close().catch(() => undefined);
    await admin(baseUrl, `DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
  }
}
