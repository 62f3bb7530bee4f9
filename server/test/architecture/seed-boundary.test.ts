import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18 point 6: demo content stays out of the runtime path. The seed (server/src/seed, its
 * media under seed/media) is imported by no runtime file; the two start-up files that wire it in
 * when SEED=demo are the only exceptions, each for its one entry. Reads the sources only, as
 * module-boundaries.test.ts does.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const SEED = path.join(SRC, 'seed');

/** Runtime file → the seed entry it may import: both only when SEED=demo. */
const WIRING: Readonly<Record<string, string>> = {
  // main.ts seeds the database at start-up.
  'main.ts': 'seed/index.ts',
  // app.ts serves the demo's media (loaded with import(), so a server without the demo never loads it).
  'app.ts': 'seed/media/index.ts',
};

/** Every import of a file outside the seed that lands in it, as `file: 'specifier'` (paths from src). */
export function seedImports(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    if (!path.relative(SEED, file).startsWith('..')) continue;
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (path.relative(SEED, target).startsWith('..')) continue;
      const from = path.relative(SRC, file);
      if (WIRING[from] === path.relative(SRC, target)) continue;
      found.push(`${from}: '${specifier}'`);
    }
  }
  return found;
}

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => path.join(SRC, file))
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('demo content stays out of the runtime path (issue 18 point 6)', () => {
  it('no runtime file imports the seed or its media, but the start-up wiring for SEED=demo', () => {
    expect(seedImports(sources)).toEqual([]);
  });

  it('the check finds a runtime import of the seed media (so that it can fail)', () => {
    const planted = seedImports([
      {
        file: path.join(SRC, 'modules/a/store.ts'),
        text: "import { x } from '../../seed/media/pictures.ts';",
      },
      { file: path.join(SRC, 'app.ts'), text: "import { y } from './seed/media/fixtures.ts';" },
      { file: path.join(SRC, 'app.ts'), text: "const m = await import('./seed/media/index.ts');" },
      { file: path.join(SRC, 'seed/fans.ts'), text: "import { z } from './media/pictures.ts';" },
    ]);
    expect(planted).toEqual([
      "modules/a/store.ts: '../../seed/media/pictures.ts'",
      "app.ts: './seed/media/fixtures.ts'",
    ]);
  });
});
