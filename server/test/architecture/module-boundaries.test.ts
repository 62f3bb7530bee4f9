import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18 point 2: server modules meet at their front door. Each folder of server/src/modules
 * has an `index.ts`; a file of one module imports another module only through that index, and
 * the modules' imports form no cycle. Reads the sources only (the imports as TypeScript
 * pre-processes them: `import`, `export … from`, `import()` and `import type`). Tests may reach
 * into a module's files; only server/src is checked.
 */
const MODULES = path.resolve(import.meta.dirname, '../../src/modules');
const SRC = path.dirname(MODULES);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
}

/** The module a file belongs to (its folder under modules/), if any. */
const moduleOf = (file: string): string | undefined => {
  const inside = path.relative(MODULES, file);
  return inside.startsWith('..') ? undefined : inside.split(path.sep)[0];
};

export interface ModuleImport {
  /** The importing file, relative to server/src. */
  file: string;
  specifier: string;
  from: string;
  to: string;
  /** Whether it names the other module's index.ts. */
  viaIndex: boolean;
}

/** Every import of a file in one module that lands in another module. */
export function crossModuleImports(files: ReadonlyArray<{ file: string; text: string }>): ModuleImport[] {
  const found: ModuleImport[] = [];
  for (const { file, text } of files) {
    const from = moduleOf(file);
    if (from === undefined) continue;
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const to = moduleOf(target);
      if (to === undefined || to === from) continue;
      const viaIndex = path.relative(path.join(MODULES, to), target) === 'index.ts';
      found.push({ file: path.relative(SRC, file), specifier, from, to, viaIndex });
    }
  }
  return found;
}

/**
 * Cycles of the module graph as `a → b → a`, each edge followed by one import that makes it:
 * a depth-first walk closes one whenever it meets a module still on its path, so there is at
 * least one whenever the graph has a cycle.
 */
export function moduleCycles(imports: readonly ModuleImport[]): string[] {
  const edges = new Map<string, Set<string>>();
  const why = new Map<string, string>();
  for (const { file, specifier, from, to } of imports) {
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
    if (!why.has(`${from}→${to}`)) why.set(`${from}→${to}`, `${file}: '${specifier}'`);
  }
  const cycles: string[] = [];
  const done = new Set<string>();
  // A depth-first walk; a module met again while still on the path closes a cycle.
  const walk = (module: string, trail: string[]) => {
    if (done.has(module)) return;
    const at = trail.indexOf(module);
    if (at >= 0) {
      const cycle = [...trail.slice(at), module];
      const because = cycle.slice(1).map((to, i) => why.get(`${cycle[i]}→${to}`));
      cycles.push(`${cycle.join(' → ')} (${because.join('; ')})`);
      return;
    }
    for (const next of [...(edges.get(module) ?? [])].sort()) walk(next, [...trail, module]);
    done.add(module);
  };
  for (const module of [...edges.keys()].sort()) walk(module, []);
  return cycles;
}

const sources = sourcesUnder(MODULES).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const imports = crossModuleImports(sources);

describe('server modules meet at their front door (issue 18 point 2)', () => {
  it('every module folder has its index.ts', () => {
    const folders = readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const without = folders
      .map((f) => f.name)
      .filter((name) => !sources.some((s) => s.file === path.join(MODULES, name, 'index.ts')));
    expect(without).toEqual([]);
  });

  it("a module imports another module only through that module's index.ts", () => {
    const deep = imports.filter((i) => !i.viaIndex).map((i) => `${i.file}: '${i.specifier}'`);
    expect(deep).toEqual([]);
  });

  it('the modules import one another without a cycle', () => {
    expect(moduleCycles(imports)).toEqual([]);
  });

  it('the checks find a deep import and a cycle (so that they can fail)', () => {
    const planted = crossModuleImports([
      { file: path.join(MODULES, 'a/service.ts'), text: "import { x } from '../b/service.ts';" },
      { file: path.join(MODULES, 'b/service.ts'), text: "export { y } from '../c/index.ts';" },
      { file: path.join(MODULES, 'c/routes.ts'), text: "const a = await import('../a/index.ts');" },
    ]);
    expect(planted.filter((i) => !i.viaIndex).map((i) => i.file)).toEqual([
      path.join('modules', 'a/service.ts'),
    ]);
    expect(moduleCycles(planted)).toEqual([
      "a → b → c → a (modules/a/service.ts: '../b/service.ts'; modules/b/service.ts: '../c/index.ts'; modules/c/routes.ts: '../a/index.ts')",
    ]);
  });
});
