/**
 * `node --import tsx bench/data/cli.ts [--scale=1] [--seed=N] [--pglite]`: fills the benchmark
 * database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/dc_bench; with
 * `--pglite` a PGlite directory under ./data/bench at a tenth of the scale) unless it already
 * holds the data of that seed and scale. `npm run bench -- http` does this itself first.
 */
import { benchTargetOf, dataScaleOf, parseBenchOptions } from '../support/options.ts';
import { prepareBenchData } from './generate.ts';

const options = parseBenchOptions(process.argv.slice(2));
const target = benchTargetOf(options);
prepareBenchData(target, {
  seed: options.seed,
  scale: dataScaleOf(options),
  log: (line) => process.stdout.write(`${line}\n`),
}).then(
  () => process.stdout.write(`ready: ${target.kind === 'postgres' ? target.url : target.dataDir}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
