/**
 * `npm run bench -- fans [--fans=N] [--requests=N] [--concurrency=N]`: the fan list endpoint
 * (issue 7) on PostgreSQL with N fans (default 1,000,000) for one designer.
 *
 * A scratch database `dc_bench_fans` is created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards. The fans are inserted
 * set-based by the seed's generator (the same SQL as the demo's 20,000), with 0–5 of 30 tags each.
 * The real app (buildApp, a pg pool of `concurrency + 8` connections) listens on a free port and is
 * called over real HTTP with fetch from `concurrency` concurrent clients; each scenario is warmed
 * up, then timed per request. Batch tagging of 100,000 fans through the filter is timed too.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { postgresHandle } from '../server/src/db/client.ts';
import { designers } from '../server/src/db/schema/index.ts';
import { hashPassword } from '../server/src/modules/auth/passwords.ts';
import { insertGeneratedFans } from '../server/src/seed/fans.ts';
import { seedTags } from '../server/src/seed/tags.ts';

const SCRATCH = 'dc_bench_fans';

const option = (options: string[], name: string, fallback: number): number => {
  const found = options.find((o) => o.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3).replaceAll('_', '')) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
};

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(label: string, work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  process.stdout.write(`${label}: ${(ms / 1000).toFixed(1)} s\n`);
  return ms;
}

export default async function fansBench(options: string[]): Promise<void> {
  const fanCount = option(options, 'fans', 1_000_000);
  const requests = option(options, 'requests', 640);
  const concurrency = option(options, 'concurrency', 32);
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(baseUrl);
  url.pathname = `/${SCRATCH}`;
  await admin(baseUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${SCRATCH}`);
  });
  const database = postgresHandle(url.toString(), concurrency + 8);
  try {
    await database.migrate();
    const password = randomBytes(9).toString('hex');
    const [designer] = await database.db
      .insert(designers)
      .values({ account: 'bench', passwordHash: await hashPassword(password), nickname: 'bench' })
      .returning({ id: designers.id });
    const now = new Date();
    let tagIds: number[] = [];
    await timed(`insert ${fanCount.toLocaleString('en')} fans + tags (set-based)`, () =>
      database.db.transaction(async (tx) => {
        // The app's pool stops statements after 30 s; a million-row insert may take longer.
        await tx.execute(sql`set local statement_timeout = 0`);
        tagIds = await seedTags(tx, designer!.id, now);
        await insertGeneratedFans(tx, { designerId: designer!.id, count: fanCount, now, tagIds });
      }),
    );
    // As autovacuum would after a bulk load: statistics, and the visibility map that lets
    // count(*) use index-only scans.
    await timed('vacuum analyze', async () => {
      await database.db.execute(sql`vacuum analyze`);
    });

    const app = await buildApp({
      config: loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const login = await fetch(`${origin}/designerapi/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'bench', password }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const headers = { authtoken: token };
      const year = new Date().getFullYear();
      const from = new Date(now.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
      const scenarios: Array<[string, string]> = [
        ['no filter, page 1 (followed desc)', 'page=1&pageSize=20'],
        ['no filter, sort by total spent', 'page=1&pageSize=20&sortBy=totalSpent'],
        ['no filter, page 500', 'page=500&pageSize=20'],
        ['gender + age 25-35 + city', `pageSize=20&gender=female&ageMin=25&ageMax=35&city=310100`],
        ['tags any (1 tag)', `pageSize=20&tagsAny=${tagIds[0]}`],
        ['tags all (2) + none (1)', `pageSize=20&tagsAll=${tagIds[0]},${tagIds[6]}&tagsNone=${tagIds[12]}`],
        [
          'source + spend ≥ ¥1000 + followed 90 d',
          `pageSize=20&source=video,course&spentMin=100000&followedFrom=${from}`,
        ],
        ['keyword (nickname contains)', `pageSize=20&keyword=${encodeURIComponent('旗袍')}`],
      ];
      process.stdout.write(
        `\nGET /designerapi/v1/fans — ${fanCount.toLocaleString('en')} fans, ${concurrency} concurrent clients, ${requests} requests a scenario (HTTP via fetch, pg pool ${concurrency + 8}); year ${year}\n\n`,
      );
      process.stdout.write(
        '| scenario | matched (~ estimate) | p50 ms | p99 ms | req/s |\n|---|---:|---:|---:|---:|\n',
      );
      for (const [label, query] of scenarios) {
        const one = async () => {
          const started = performance.now();
          const res = await fetch(`${origin}/designerapi/v1/fans?${query}`, { headers });
          const body = (await res.json()) as {
            code: number;
            data: { totalNumber: number; totalIsEstimate: boolean };
          };
          if (body.code !== 200) throw new Error(`${label}: ${JSON.stringify(body)}`);
          return {
            ms: performance.now() - started,
            total: `${body.data.totalIsEstimate ? '~' : ''}${body.data.totalNumber.toLocaleString('en')}`,
          };
        };
        for (let i = 0; i < concurrency; i++) await one(); // warm-up
        const times: number[] = [];
        let matched = '';
        let next = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < requests) {
              next++;
              const { ms, total } = await one();
              times.push(ms);
              matched = total;
            }
          }),
        );
        const wall = (performance.now() - started) / 1000;
        times.sort((a, b) => a - b);
        process.stdout.write(
          `| ${label} | ${matched} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ${(times.length / wall).toFixed(0)} |\n`,
        );
      }
      // Batch tagging: the whole filtered set of ≤ 100,000 fans in one request.
      const filter = { source: ['import'] };
      const countRes = await fetch(`${origin}/designerapi/v1/fans?pageSize=1&source=import`, { headers });
      const inFilter = ((await countRes.json()) as { data: { totalNumber: number } }).data.totalNumber;
      if (inFilter <= 100_000) {
        const started = performance.now();
        const res = await fetch(`${origin}/designerapi/v1/fans/batch-tag`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ selection: { kind: 'filter', filter }, addTagIds: [tagIds[29]] }),
        });
        const body = (await res.json()) as { code: number; data: unknown; msg: string };
        process.stdout.write(
          `\nPOST /fans/batch-tag on ${inFilter.toLocaleString('en')} filtered fans: ${(performance.now() - started).toFixed(0)} ms → ${JSON.stringify(body.data ?? body.msg)}\n`,
        );
      } else {
        process.stdout.write(`\n(batch tagging skipped: the filter matches ${inFilter} > 100,000 fans)\n`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`));
  }
}
