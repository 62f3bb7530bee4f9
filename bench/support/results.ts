import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPOSITORY_ROOT } from './options.ts';

export const RESULTS_FILE = path.join(REPOSITORY_ROOT, 'bench', 'RESULTS.md');

export interface ResultRow {
  scenario: string;
  connections: number;
  requestsPerSecond?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  serverRssBytes?: number;
  /** Server CPU (user + system) per request, ms: robust to the machine's other load. */
  cpuPerRequest?: number;
  /** Endpoint p50 with one connection (what the ratio divides). */
  serialP50?: number;
  sqlP50?: number;
  note?: string;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(0);

/** `loadAtStart`: os.loadavg() when the run began (now when not given). */
export function machineDescription(database: string, loadAtStart = os.loadavg()): string[] {
  const cpus = os.cpus();
  return [
    `CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} logical cores (load average at start ${loadAtStart
      .map((l) => l.toFixed(2))
      .join(' / ')})`,
    `RAM: ${(os.totalmem() / 1_073_741_824).toFixed(1)} GB; ${os.type()} ${os.release()}`,
    `Node ${process.version}; database: ${database}`,
  ];
}

export function formatTable(rows: ResultRow[]): string {
  const header = [
    'scenario',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'server RSS',
    'server CPU ms/req',
    '1-conn p50 ms',
    'SQL p50 ms',
    'endpoint ÷ SQL',
  ];
  const lines = rows.map((r) => [
    r.note ? `${r.scenario} — ${r.note}` : r.scenario,
    String(r.connections),
    r.requestsPerSecond === undefined ? '—' : r.requestsPerSecond.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    r.errors === undefined ? '—' : String(r.errors),
    r.serverRssBytes === undefined ? '—' : mb(r.serverRssBytes),
    ms(r.cpuPerRequest),
    ms(r.serialP50),
    ms(r.sqlP50),
    r.serialP50 !== undefined && r.sqlP50 !== undefined && r.sqlP50 > 0
      ? (r.serialP50 / r.sqlP50).toFixed(2)
      : '—',
  ]);
  const align = header.map((_, i) => (i === 0 ? '---' : '---:'));
  return [header, align, ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const HEADER = `# Benchmark results

Appended by \`npm run bench -- http\` (issue 10): the server started for production on a
large generated database and driven over loopback by autocannon. Reproduce:

\`\`\`sh
# PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/dc_bench)
npm run bench -- http                      # full volume: 1,000,000 fans, 5,000,000 ledger rows
npm run bench -- http --scale=0.01         # a hundredth of it
npm run bench -- http --pglite             # the embedded database at a tenth of the volume
npm run bench -- http --only=fans-list,menu --duration=5 --connections=32
\`\`\`

Columns: \`req/s\`, \`p50\`/\`p99\` latency and \`errors\` (non-2xx, socket errors, timeouts) come from
autocannon at \`conn\` connections for the run's duration; \`server RSS\` is the peak resident set
of the server process sampled from /proc during the scenario; \`server CPU ms/req\` is the server
process's CPU time (user + system, /proc) over the scenario divided by the requests it answered,
which moves little with the other load of a shared machine; \`1-conn p50\` is the endpoint timed
one request at a time and \`SQL p50\` the hand-written SQL answering the same question, timed the
same way in the same run — their ratio is the server's overhead and survives a noisy machine.
The export row times one streamed download of the whole CSV. Login's \`SQL\` column is its
SELECT plus one scrypt verification of the password in the benchmark process: the hash is the
cost of a login, by design.
`;

/** Appends a dated run to bench/RESULTS.md (created with its header when missing). */
export function appendResults(title: string, description: string[], table: string): void {
  if (!existsSync(RESULTS_FILE)) writeFileSync(RESULTS_FILE, HEADER);
  appendFileSync(
    RESULTS_FILE,
    `\n## ${title}\n\n${description.map((line) => `- ${line}`).join('\n')}\n\n${table}\n`,
  );
}
