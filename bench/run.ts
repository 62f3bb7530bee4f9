/**
 * `npm run bench [-- <name>...]`: runs the named benchmarks (`bench/<name>.bench.ts`), or all of
 * them. Each benchmark prints its own table; timings belong here, never in unit tests.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureLocalServices } from './support/local-services.ts';

type Benchmark = { default: (args: string[]) => Promise<void> };

const directory = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(directory)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();

async function main(argv: string[]): Promise<number> {
  const names = argv.filter((arg) => !arg.startsWith('-'));
  const options = argv.filter((arg) => arg.startsWith('-'));
  const unknown = names.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    process.stderr.write(`unknown benchmark: ${unknown.join(', ')}; available: ${available.join(', ')}\n`);
    return 2;
  }
  const chosen = names.length > 0 ? names : available;
  ensureLocalServices(chosen);
  for (const name of chosen) {
    process.stdout.write(`\n## ${name}\n`);
    const benchmark = (await import(pathToFileURL(join(directory, `${name}.bench.ts`)).href)) as Benchmark;
    await benchmark.default(options);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
