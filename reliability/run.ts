/**
 * `npm run reliability [-- <scenario>…] [--minutes=N] [--no-record]`: the fault and soak
 * scenarios of issue 11 items 5-6, each in `reliability/<scenario>.ts`. Every scenario starts
 * real server processes, drives them over loopback, is bounded in time, cleans up its processes,
 * mounts and scratch databases, and reports its figures; the run appends them, with the machine's
 * description, to reliability/RESULTS.md and exits non-zero when a scenario failed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_COMMAND } from '../bench/support/server-process.ts';
import { runCleanups } from './support/cleanup.ts';
import { ensurePostgresRunning, postgresVersion } from './support/postgres.ts';
import {
  appendRun,
  machineDescription,
  type ScenarioOptions,
  type ScenarioReport,
} from './support/results.ts';
import { log, stopAll } from './support/servers.ts';

const SCENARIOS = [
  'sigkill-writes',
  'sigkill-upload',
  'postgres-outage',
  'disk-full',
  'two-instances',
  'soak',
];

const directory = dirname(fileURLToPath(import.meta.url));

function parse(argv: string[]): { names: string[]; options: ScenarioOptions; record: boolean } {
  const names = argv.filter((arg) => !arg.startsWith('-'));
  const unknown = names.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown scenario: ${unknown.join(', ')}; available: ${SCENARIOS.join(', ')}`);
  const minutesText = argv.find((arg) => arg.startsWith('--minutes='))?.slice('--minutes='.length);
  const minutes = minutesText === undefined ? 10 : Number(minutesText);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 120)
    throw new Error(`--minutes=${minutesText}: 0 < N ≤ 120`);
  const rateText = argv.find((arg) => arg.startsWith('--rate='))?.slice('--rate='.length);
  const rate = rateText === undefined ? 200 : Number(rateText);
  if (!Number.isInteger(rate) || rate < 1 || rate > 2000) throw new Error(`--rate=${rateText}: 1 ≤ N ≤ 2000`);
  const known = new Set(['--no-record']);
  const bad = argv.filter(
    (arg) =>
      arg.startsWith('-') && !arg.startsWith('--minutes=') && !arg.startsWith('--rate=') && !known.has(arg),
  );
  if (bad.length > 0) throw new Error(`unknown option: ${bad.join(', ')}`);
  return {
    names: names.length > 0 ? names : SCENARIOS,
    options: { minutes, rate },
    record: !argv.includes('--no-record'),
  };
}

/** Stops servers, undoes mounts and databases, and makes sure PostgreSQL runs again. */
async function cleanUp(): Promise<void> {
  await stopAll();
  await runCleanups();
  await ensurePostgresRunning();
}

/** A scenario's own bound: generous (the machine is shared), the soak's length on top. */
const boundOf = (name: string, options: ScenarioOptions) =>
  (name === 'soak' ? options.minutes * 60 + 600 : 900) * 1000;

async function runScenario(name: string, options: ScenarioOptions): Promise<ScenarioReport> {
  const module = (await import(pathToFileURL(join(directory, `${name}.ts`)).href)) as {
    default: (options: ScenarioOptions) => Promise<ScenarioReport>;
  };
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const running = module.default(options);
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), boundOf(name, options));
  });
  try {
    const outcome = await Promise.race([running, timedOut]);
    if (outcome === 'timeout') {
      await cleanUp();
      await Promise.race([running.catch(() => undefined), new Promise((r) => setTimeout(r, 60_000))]);
      return {
        name,
        outcome: 'fail',
        summary: `timed out after ${boundOf(name, options) / 1000} s`,
        details: [],
      };
    }
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`  ${name} failed: ${message}`);
    return {
      name,
      outcome: 'fail',
      summary: `error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
      details: ['```', message.slice(0, 2000), '```'],
    };
  } finally {
    clearTimeout(timer);
    await cleanUp();
    log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}

async function main(argv: string[]): Promise<number> {
  const { names, options, record } = parse(argv);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`\n${signal}: stopping servers and cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  await ensurePostgresRunning();
  const description = [
    ...machineDescription(`PGlite (embedded) and PostgreSQL ${await postgresVersion()} on 127.0.0.1`),
    `server: ${SERVER_COMMAND}, NODE_ENV=production, on loopback`,
    `scenarios: ${names.join(', ')}${names.includes('soak') ? `; soak ${options.minutes} min at ${options.rate} req/s` : ''}`,
  ];
  const reports: ScenarioReport[] = [];
  for (const name of names) {
    log(`\n## ${name}`);
    const report = await runScenario(name, options);
    log(`  ${report.outcome.toUpperCase()}: ${report.summary}`);
    for (const line of report.details) log(`  ${line}`);
    reports.push(report);
  }
  log('\n| scenario | outcome | figures |');
  for (const r of reports) log(`| ${r.name} | ${r.outcome.toUpperCase()} | ${r.summary} |`);
  if (record) {
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    appendRun(`${stamp} UTC — npm run reliability ${argv.join(' ')}`.trim(), description, reports);
    log('appended to reliability/RESULTS.md');
  }
  return reports.some((r) => r.outcome === 'fail') ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  async (error) => {
    process.stderr.write(
      `reliability failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    await cleanUp().catch(() => undefined);
    process.exit(1);
  },
);
