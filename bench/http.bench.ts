/**
 * `npm run bench -- http [--scale=1] [--seed=N] [--duration=10] [--connections=32]
 * [--only=id,…] [--pglite] [--no-record]`: the large-data benchmark of issue 10.
 *
 * 1. Makes sure the bench database holds the generated data (bench/data/: 1,000 designers and
 *    `heavy`, who has 1,000,000 fans, 5,000,000 ledger rows, 2,000,000 orders… at --scale=1;
 *    reused between runs). PostgreSQL at BENCH_DATABASE_URL, or with --pglite a PGlite
 *    directory at a tenth of the scale.
 * 2. Starts the server as production does (a child process, API only, SEED=none) on free ports.
 * 3. Per scenario: autocannon over loopback (connections × duration) with the server's RSS
 *    sampled; then the endpoint one request at a time and the hand-written SQL answering the
 *    same question, so endpoint ÷ SQL is measured in the same run.
 * 4. Prints the table and appends it, dated, with the machine's description to bench/RESULTS.md.
 */
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  type DatabaseHandle,
  pgliteExtensions,
  pgliteHandle,
  postgresHandle,
} from '../server/src/db/client.ts';
import { ledgerCopySql } from '../server/src/modules/vault/export.ts';
import { type BenchData, prepareBenchData } from './data/generate.ts';
import type { BenchTarget } from './data/target.ts';
import { HEAVY_ACCOUNT, HEAVY_PASSWORD } from './data/volumes.ts';
import { EXPORT_DAYS, readFixtures, rowsOf } from './support/fixtures.ts';
import { type BenchOptions, benchTargetOf, dataScaleOf, parseBenchOptions } from './support/options.ts';
import { appendResults, formatTable, machineDescription, type ResultRow } from './support/results.ts';
import type { Scenario } from './support/scenarios.ts';
import { scenariosFor } from './support/scenarios.ts';
import { type RunningServer, SERVER_COMMAND, startServer } from './support/server-process.ts';
import { API, callOnce, loadTest, serialP50, timeDownload } from './support/timing.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);

async function openForQueries(target: BenchTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return postgresHandle(target.url, 2);
  return pgliteHandle(await PGlite.create(`${target.dataDir}/pglite`, { extensions: pgliteExtensions }));
}

async function sqlP50(handle: DatabaseHandle, scenario: Scenario, once: boolean): Promise<number> {
  const work = async () => {
    for (const statement of scenario.rawSql) await handle.db.execute(statement);
    await scenario.alsoTime?.(handle.db);
  };
  if (!once) return serialP50(work);
  await work(); // warm the cache as the endpoint's run did
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The export's COPY statement drained here, nothing after it: the database's own time. */
async function timeCopyAlone(url: string, statement: string): Promise<{ ms: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    let bytes = 0;
    for await (const chunk of client.query(copyTo(statement))) bytes += (chunk as Buffer).length;
    return { ms: performance.now() - started, bytes };
  } finally {
    await client.end();
  }
}

async function login(origin: string): Promise<string> {
  const res = await callOnce(
    origin,
    {
      method: 'POST',
      path: '/login',
      form: { account: HEAVY_ACCOUNT, password: HEAVY_PASSWORD },
      authenticated: false,
    },
    '',
  );
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

async function runScenario(
  scenario: Scenario,
  server: RunningServer,
  token: string,
  options: BenchOptions,
): Promise<ResultRow> {
  const base = { scenario: scenario.name, connections: options.connections };
  try {
    if (scenario.mode === 'export') {
      const download = await timeDownload(server.origin, scenario.request, token, server.pid);
      return {
        ...base,
        connections: 1,
        p50: download.ms,
        errors: 0,
        serverRssBytes: download.peakRss,
        cpuPerRequest: download.cpuMs,
        serialP50: download.ms,
        note: `${download.lines.toLocaleString('en')} lines, ${(download.bytes / 1_048_576).toFixed(0)} MB in ${(download.ms / 1000).toFixed(1)} s`,
      };
    }
    await callOnce(server.origin, scenario.request, token); // answers at all, and warms up
    const load = await loadTest(server.origin, scenario.request, token, {
      connections: options.connections,
      duration: options.duration,
      serverPid: server.pid,
    });
    const serial = await serialP50(() =>
      callOnce(server.origin, scenario.request, token).then((res) => res.arrayBuffer()),
    );
    return {
      ...base,
      requestsPerSecond: load.requestsPerSecond,
      p50: load.p50,
      p99: load.p99,
      errors: load.errors,
      serverRssBytes: load.peakRss,
      cpuPerRequest: load.cpuPerRequest,
      serialP50: serial,
    };
  } catch (error) {
    return { ...base, note: `failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export default async function httpBench(argv: string[]): Promise<void> {
  const options = parseBenchOptions(argv);
  const loadAtStart = os.loadavg();
  const target = benchTargetOf(options);
  const data: BenchData = await prepareBenchData(target, {
    seed: options.seed,
    scale: dataScaleOf(options),
    log,
  });

  const queries = await openForQueries(target);
  const fixtures = await readFixtures(queries.db);
  const version =
    target.kind === 'postgres'
      ? `PostgreSQL ${(await rowsOf<{ v: string }>(queries.db, sql.raw("select current_setting('server_version') as v")))[0]!.v}`
      : `PGlite (PostgreSQL ${(await rowsOf<{ v: string }>(queries.db, sql.raw("select current_setting('server_version') as v")))[0]!.v}, embedded)`;
  const scenarios = scenariosFor(fixtures).filter(
    (s) => options.only.length === 0 || options.only.includes(s.id),
  );
  const unknown = options.only.filter((id) => !scenariosFor(fixtures).some((s) => s.id === id));
  if (unknown.length > 0) throw new Error(`unknown scenario: ${unknown.join(', ')}`);

  // PGlite serves one process: its SQL is timed before the server opens it.
  const sqlTimes = new Map<string, number>();
  const timeSql = async (scenario: Scenario) => {
    sqlTimes.set(scenario.id, await sqlP50(queries, scenario, scenario.mode === 'export'));
  };
  if (target.kind === 'pglite') {
    for (const scenario of scenarios) await timeSql(scenario);
    await queries.close();
  }

  const server = await startServer(
    target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir },
  );
  const rows: ResultRow[] = [];
  try {
    log(`server ${server.origin}${API} (pid ${server.pid}); ${scenarios.length} scenarios`);
    let token = await login(server.origin);
    for (const scenario of scenarios) {
      log(`- ${scenario.name}`);
      const row = await runScenario(scenario, server, token, options);
      if (target.kind === 'postgres') await timeSql(scenario);
      row.sqlP50 = row.note?.startsWith('failed') ? undefined : sqlTimes.get(scenario.id);
      if (target.kind === 'postgres' && scenario.id === 'ledger-export' && !row.note?.startsWith('failed')) {
        // The endpoint's own COPY of the scenario's filter (its request: the last EXPORT_DAYS days).
        const statement = ledgerCopySql(
          fixtures.designerId,
          {
            sortBy: 'createdAt',
            order: 'desc',
            dateFrom: fixtures.daysAgo(EXPORT_DAYS - 1),
            dateTo: fixtures.today,
          },
          'zh-CN',
        );
        const copy = await timeCopyAlone(target.url, statement);
        row.note = `${row.note}; its COPY alone ${(copy.ms / 1000).toFixed(1)} s (endpoint ÷ COPY ${((row.serialP50 ?? Number.NaN) / copy.ms).toFixed(2)})`;
      }
      rows.push(row);
      log(formatTable([row]).split('\n').at(-1)!);
      // Logging in may end older sessions: continue with a fresh one.
      if (scenario.id === 'login') token = await login(server.origin);
    }
  } finally {
    await server.stop();
    if (target.kind === 'postgres') await queries.close();
  }

  const volumes = data.volumes;
  const description = [
    ...machineDescription(version, loadAtStart),
    `data: scale ${data.scale} (seed ${data.seed}) — ${volumes.fans.toLocaleString('en')} fans, ${volumes.ledgerRows.toLocaleString('en')} ledger rows, ${volumes.orders.toLocaleString('en')} orders, ${volumes.courses} courses, ${volumes.videos} videos, ${volumes.crowdPacks} crowd packs, ${volumes.designers + 1} designers; ${data.reused ? 'reused' : 'generated'} (generation took ${data.generatedSeconds.toFixed(0)} s)`,
    `load: autocannon, ${options.connections} connections × ${options.duration} s a scenario, loopback; server: ${SERVER_COMMAND}, NODE_ENV=production; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  ];
  const table = formatTable(rows);
  log(`\n${description.join('\n')}\n\n${table}`);
  if (options.record) {
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const where = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    appendResults(`${stamp} UTC — ${where}, scale ${data.scale}`, description, table);
    log('appended to bench/RESULTS.md');
  }
}
