import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PAGE_FILE = /\.(tsx|ts|jsx|js)$/;

/**
 * Pages resolve by name (`<area>/<screen>`), so two files that would answer one name in one
 * folder (`fans-list.tsx` and `Fans-List.jsx`) make the page ambiguous. Lists every such clash.
 */
export function findPageNameClashes(pagesDir: string): string[] {
  const clashes: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const byName = new Map<string, string[]>();
    for (const entry of entries) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (PAGE_FILE.test(entry.name)) {
        const name = entry.name.replace(PAGE_FILE, '').toLowerCase();
        byName.set(name, [...(byName.get(name) ?? []), entry.name]);
      }
    }
    for (const [name, files] of byName) {
      if (files.length > 1) {
        clashes.push(
          `${path.relative(pagesDir, dir) || '.'}: "${name}" is named by ${files.sort().join(', ')}`,
        );
      }
    }
  };
  walk(pagesDir);
  return clashes;
}

/** Fails the build (and the dev server) on two same-named page files in one folder (spec section 8). */
export function uniquePageNames(pagesDir: string): Plugin {
  return {
    name: 'designer-console:unique-page-names',
    buildStart() {
      const clashes = findPageNameClashes(pagesDir);
      if (clashes.length) {
        this.error(`Two page files with one name in one folder of web/src/pages:\n  ${clashes.join('\n  ')}`);
      }
    },
  };
}
