import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../../bench/support/options.ts';

export { machineDescription } from '../../bench/support/results.ts';

export const RESULTS_FILE = path.join(REPOSITORY_ROOT, 'reliability', 'RESULTS.md');

/** What a scenario hands back: whether it held, and its figures as Markdown lines. */
export interface ScenarioReport {
  name: string;
  outcome: 'pass' | 'fail' | 'skipped';
  /** One line: the figures that matter (writes lost: 0, sha256 equal…). */
  summary: string;
  /** Markdown: a table and notes. */
  details: string[];
}

export interface ScenarioOptions {
  /** Soak length (`--minutes=N`, default 10). */
  minutes: number;
  /** Soak rate (`--rate=N` req/s, default 200). */
  rate: number;
}

export type Scenario = (options: ScenarioOptions) => Promise<ScenarioReport>;

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

const HEADER = `# Reliability results

Appended by \`npm run reliability\` (issue 11 items 5-6): real server processes started the
production way by the benchmark's \`startServer\` (NODE_ENV=production) and driven over
loopback while faults are injected — SIGKILL during writes and during an upload, PostgreSQL
stopped under load, a full disk under DATA_DIR, two instances behind one session — and a soak at
a steady request rate. Each run below names the machine it ran on; \`lost\` must be 0.
`;

export function appendRun(title: string, description: string[], reports: ScenarioReport[]): void {
  if (!existsSync(RESULTS_FILE)) writeFileSync(RESULTS_FILE, HEADER);
  const overview = table(
    ['scenario', 'outcome', 'figures'],
    reports.map((r) => [r.name, r.outcome.toUpperCase(), r.summary]),
  );
  const sections = reports.map(
    (r) => `### ${r.name} — ${r.outcome.toUpperCase()}\n\n${r.details.join('\n')}\n`,
  );
  appendFileSync(
    RESULTS_FILE,
    `\n## ${title}\n\n${description.map((line) => `- ${line}`).join('\n')}\n\n${overview.join('\n')}\n\n${sections.join('\n')}`,
  );
}
