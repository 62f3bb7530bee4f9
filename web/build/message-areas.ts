import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which message areas a piece of the app uses, read from its sources: the check behind
 * locales/areas.ts (a page that shows a key of an area its chunk does not load would show the
 * raw key). Follows relative imports, static and dynamic; `import.meta.glob` is not followed
 * (the page registry's glob is where one page's closure ends and the others' begin).
 */

const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The relative imports of a source file, resolved to files (CSS and JSON are left out). */
export function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const resolved = resolveImport(file, match[2] as string);
    if (resolved) found.add(resolved);
  }
  return [...found];
}

/** Every source file reachable from `roots` by relative imports, except those `skip` names. */
export function sourceClosure(roots: readonly string[], skip: (file: string) => boolean = () => false) {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || skip(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

/** Key → its area, and every key of each area, to recognise keys and key prefixes in sources. */
export interface KeyIndex {
  areaOf: ReadonlyMap<string, string>;
}

export function keyIndex(areas: Record<string, Record<string, Readonly<Record<string, string>>>>): KeyIndex {
  const areaOf = new Map<string, string>();
  for (const [area, messages] of Object.entries(areas)) {
    for (const key of Object.keys(messages['zh-CN'] ?? {})) areaOf.set(key, area);
  }
  return { areaOf };
}

/** String literals and the fixed heads of template literals (`vault.kind.${kind}` → `vault.kind.`). */
const LITERAL_PATTERN = /'([^'\n\\]*)'|"([^"\n\\]*)"|`([^`$\\]*)(?:`|\$\{)/g;

/**
 * The areas whose keys a file mentions: a literal that is a key names its area; a literal ending
 * in a dot (the head of a key built at run time) names every area with keys starting so. Each
 * area maps to one example key, to say where it is used.
 */
export function areasUsedBy(file: string, index: KeyIndex): Map<string, string> {
  // Comments go first: an apostrophe in one would pair with the quote of a key after it.
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const used = new Map<string, string>();
  for (const match of source.matchAll(LITERAL_PATTERN)) {
    const literal = match[1] ?? match[2] ?? match[3] ?? '';
    if (!/^[A-Za-z][\w-]*\./.test(literal)) continue;
    const exact = index.areaOf.get(literal);
    if (exact) {
      if (!used.has(exact)) used.set(exact, literal);
      continue;
    }
    if (!literal.endsWith('.')) continue;
    for (const [key, area] of index.areaOf) {
      if (key.startsWith(literal) && !used.has(area)) used.set(area, `${literal}…`);
    }
  }
  return used;
}

/** Each area used anywhere in `files`, with one file and key using it. */
export function areasUsedByAll(files: Iterable<string>, index: KeyIndex): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    for (const [area, key] of areasUsedBy(file, index)) {
      if (!used.has(area)) used.set(area, `${key} in ${file}`);
    }
  }
  return used;
}
