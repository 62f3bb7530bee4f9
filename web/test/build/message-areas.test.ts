import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { areasUsedByAll, type KeyIndex, keyIndex, sourceClosure } from '../../build/message-areas.ts';
import { AREA_LOADERS, areasOfPage, FRAME_AREAS, type LazyArea } from '../../src/locales/areas.ts';
import { CORE_AREAS } from '../../src/locales/catalog.ts';
import { shellMessages } from '../../src/locales/messages/shell.ts';
import { tabsMessages } from '../../src/locales/messages/tabs.ts';

/**
 * Issue 10 §4, messages per area: the login page carries only the core strings and its own, and
 * every screen's strings load with its chunk. This reads the sources of the entry, the console
 * frame and every page (with what they import) and checks that each key they mention belongs to
 * an area registered before they render, so no screen ever shows a raw key.
 */
const src = path.resolve(import.meta.dirname, '../../src');
const pagesDirectory = path.join(src, 'pages');
const consoleRoot = path.join(src, 'app/ConsoleRoot.tsx');
const locales = path.join(src, 'locales');

/** A closure's sources, the strings themselves left out (they hold every key of their area). */
const closure = (roots: string[], skip: (file: string) => boolean = () => false) =>
  sourceClosure(roots, (file) => file.startsWith(locales) || skip(file));

let index: KeyIndex;

beforeAll(async () => {
  const lazyAreas = await Promise.all(
    Object.entries(AREA_LOADERS).map(async ([area, load]) => [area, await load()] as const),
  );
  index = keyIndex({ shell: shellMessages, tabs: tabsMessages, ...Object.fromEntries(lazyAreas) });
});

/** `addresses/shop-address` for every page file (kebab-case .tsx under pages/). */
function pageNames(): string[] {
  const names: string[] = [];
  for (const directory of readdirSync(pagesDirectory, { withFileTypes: true })) {
    if (!directory.isDirectory()) continue;
    for (const file of readdirSync(path.join(pagesDirectory, directory.name))) {
      if (/^[a-z0-9][\w-]*\.tsx$/.test(file)) names.push(`${directory.name}/${file.replace(/\.tsx$/, '')}`);
    }
  }
  return names.sort();
}

/** The pages the router shows outside the console frame (`lazyPage('start/login')`). */
function publicPages(): Set<string> {
  const router = readFileSync(path.join(src, 'app/router.tsx'), 'utf8');
  return new Set([...router.matchAll(/lazyPage\('([^']+)'\)/g)].map((match) => match[1] as string));
}

/** The areas used in `files` that `available` lacks, as `area (key in file)`. */
function missingAreas(files: Iterable<string>, available: readonly string[]): string[] {
  return [...areasUsedByAll(files, index)]
    .filter(([area]) => !available.includes(area))
    .map(([area, where]) => `${area} (${where.replace(`${src}/`, '')})`);
}

describe('issue 10 §4 messages load per area', () => {
  it('the app entry (everything before a page or the console frame) uses only the core areas', () => {
    const files = closure([path.join(src, 'main.tsx')], (file) => file === consoleRoot);
    expect(files.size).toBeGreaterThan(5);
    expect(missingAreas(files, CORE_AREAS)).toEqual([]);
  });

  it('the console frame uses only the core areas and the ones it loads (FRAME_AREAS)', () => {
    const files = closure([consoleRoot]);
    expect(missingAreas(files, [...CORE_AREAS, ...FRAME_AREAS])).toEqual([]);
  });

  const publicNames = publicPages();
  it('the router names its public pages', () => {
    expect([...publicNames]).toContain('start/login');
  });

  for (const page of pageNames()) {
    it(`${page} loads every area it uses (locales/areas.ts PAGE_AREAS)`, () => {
      const files = closure([path.join(pagesDirectory, `${page}.tsx`)]);
      const frame: readonly LazyArea[] = publicNames.has(page) ? [] : FRAME_AREAS;
      expect(missingAreas(files, [...CORE_AREAS, ...frame, ...areasOfPage(page)])).toEqual([]);
    });
  }

  it('the check finds what a page uses (the vault statistics page uses the vault area)', () => {
    const files = closure([path.join(pagesDirectory, 'vault/vault-statistics.tsx')]);
    expect([...areasUsedByAll(files, index).keys()]).toContain('vault');
    expect(missingAreas(files, CORE_AREAS)).toContainEqual(expect.stringMatching(/^vault /));
  });
});
