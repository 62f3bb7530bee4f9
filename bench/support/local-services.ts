/**
 * What `npm run bench` needs from a fresh machine, provided as `.ci/run` provides it: the local
 * PostgreSQL cluster started when it is installed but not answering, and Chromium installed with
 * apt for Lighthouse when it is missing. Only when the benchmark would use them: a
 * BENCH_DATABASE_URL elsewhere or a CHROME_PATH of one's own is left alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const say = (line: string) => process.stdout.write(`${line}\n`);
const succeeds = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore', timeout: 600_000 }).status === 0;

function localPostgresAnswers(): boolean {
  return succeeds('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
}

/** Starts the newest installed cluster (`pg_ctlcluster <version> main start`) and waits for it. */
function ensureLocalPostgres(): void {
  if (!succeeds('sh', ['-c', 'command -v pg_isready'])) return; // not installed: the run says so
  if (localPostgresAnswers()) return;
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
  const version = versions.at(-1);
  if (!version) return;
  say(`starting PostgreSQL ${version} (pg_ctlcluster ${version} main start)…`);
  succeeds('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  for (let i = 0; i < 30 && !localPostgresAnswers(); i++) spawnSync('sleep', ['1']);
}

function ensureChromium(): void {
  if (process.env.CHROME_PATH || existsSync('/usr/bin/chromium')) return;
  say('installing Chromium for Lighthouse (apt-get install chromium)…');
  succeeds('apt-get', ['update', '-qq']);
  succeeds('apt-get', ['install', '-y', '-qq', 'chromium']);
}

export function ensureLocalServices(benchmarks: readonly string[]): void {
  const onLocalPostgres = (process.env.BENCH_DATABASE_URL ?? '127.0.0.1').includes('127.0.0.1');
  if (onLocalPostgres && benchmarks.some((name) => name !== 'web' && name !== 'upload'))
    ensureLocalPostgres();
  if (benchmarks.includes('web')) ensureChromium();
}
