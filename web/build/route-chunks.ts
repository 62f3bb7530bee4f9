import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The JS files a page needs before it renders: the entry, the given sources' chunks (the page,
 * and for console pages the console frame) and their static imports.
 */
export function chunksForPage(manifest: Manifest, ...sources: string[]): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the manifest');
  for (const source of sources) if (!manifest[source]) throw new Error(`no chunk for ${source}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const source of sources) visit(source);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * The chunks a page loads lazily once it is there (charts imported with `import()`, for
 * instance): every chunk dynamically imported from the page's own chunks — those it loads
 * beyond the entry and the other `sources` — with everything those chunks import in turn. The
 * entry's own lazy imports (every other page) are not the page's.
 */
export function lazyChunksOfPage(manifest: Manifest, page: string, ...shared: string[]): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the manifest');
  if (!manifest[page]) throw new Error(`no chunk for ${page}`);
  const staticClosure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const before = staticClosure([entryKey, ...shared]);
  const withPage = staticClosure([entryKey, ...shared, page]);
  const pageOwn = [...withPage].filter((key) => !before.has(key));
  const lazy = new Set<string>();
  const queue = pageOwn.flatMap((key) => manifest[key]?.dynamicImports ?? []);
  while (queue.length > 0) {
    const key = queue.shift() as string;
    if (lazy.has(key) || withPage.has(key) || !manifest[key]) continue;
    lazy.add(key);
    queue.push(...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? []));
  }
  const files = new Set([...lazy].map((key) => manifest[key]?.file ?? ''));
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Every JS file of the build, once each. */
export function allChunks(manifest: Manifest): string[] {
  return [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
}

export function sizeOf(dist: string, file: string): ChunkSize {
  const content = readFileSync(path.join(dist, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}
