import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchTarget, DEFAULT_BENCH_DATABASE_URL } from '../data/target.ts';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Options of the large-data benchmark (`npm run bench -- http …`) and of its generator. */
export interface BenchOptions {
  /** Multiplies the volumes; with `--pglite` the data is a tenth of this. */
  scale: number;
  seed: number;
  pglite: boolean;
  /** Seconds of load per scenario. */
  duration: number;
  connections: number;
  /** Scenario names to run (all when empty). */
  only: string[];
  /** Append the table to bench/RESULTS.md. */
  record: boolean;
}

const optionText = (options: string[], name: string) =>
  options.find((o) => o.startsWith(`--${name}=`))?.slice(name.length + 3);

function numberOption(options: string[], name: string, fallback: number, check: (n: number) => boolean) {
  const raw = optionText(options, name);
  if (raw === undefined) return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isFinite(value) || !check(value)) throw new Error(`--${name}=${raw}: not a valid value`);
  return value;
}

export function parseBenchOptions(options: string[]): BenchOptions {
  const only = optionText(options, 'only');
  return {
    scale: numberOption(options, 'scale', 1, (n) => n > 0 && n <= 10),
    seed: numberOption(options, 'seed', 20_251_010, Number.isSafeInteger),
    pglite: options.includes('--pglite'),
    duration: numberOption(options, 'duration', 10, (n) => Number.isInteger(n) && n >= 1 && n <= 600),
    connections: numberOption(options, 'connections', 32, (n) => Number.isInteger(n) && n >= 1 && n <= 1000),
    only: only ? only.split(',').filter(Boolean) : [],
    record: !options.includes('--no-record'),
  };
}

/** The data's scale: a tenth on PGlite (issue 10 item 5). */
export const dataScaleOf = (options: BenchOptions) => (options.pglite ? options.scale / 10 : options.scale);

/** Where the data lives: BENCH_DATABASE_URL, or a PGlite directory per scale under ./data/bench. */
export function benchTargetOf(options: BenchOptions): BenchTarget {
  if (options.pglite) {
    const scale = dataScaleOf(options);
    const dataDir =
      process.env.BENCH_DATA_DIR ?? path.join(REPOSITORY_ROOT, 'data', 'bench', `pglite-scale-${scale}`);
    return { kind: 'pglite', dataDir };
  }
  return { kind: 'postgres', url: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL };
}
