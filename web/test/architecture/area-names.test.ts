import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_LOADERS } from '../../src/locales/areas.ts';
import { CORE_AREAS } from '../../src/locales/catalog.ts';

/**
 * Issue 18 point 1, one name per area: a page folder (`web/src/pages/<area>/`) is named after
 * its server module (`server/src/modules/<area>/`), and a locales file
 * (`web/src/locales/messages/<area>.ts`) after a page folder or a server module, its area name
 * being the same in camelCase (`crowd-packs.ts` is `crowdPacks`). The few folders and files that
 * are the console's shell, with no module of their own, are listed here. README.md, "Areas".
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const folders = (directory: string) =>
  readdirSync(path.join(repo, directory), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Page folders of the shell: sign-in and account states, the result pages, the personal center. */
const SHELL_PAGE_FOLDERS = ['result', 'start', 'status-info', 'user'];

/** Locales of the shell and the ways in (start/, status-info/: auth, register, scan, sms). */
const SHELL_LOCALES = ['accounts', 'pages-shell', 'settings', 'shell', 'tabs'];

const modules = folders('server/src/modules');
const pageFolders = folders('web/src/pages');
const localeFiles = readdirSync(path.join(repo, 'web/src/locales/messages'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.replace(/\.ts$/, ''))
  .sort();

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('one name per area (issue 18 point 1)', () => {
  it('reads the folders', () => {
    expect(modules.length).toBeGreaterThan(10);
    expect(pageFolders.length).toBeGreaterThan(10);
    expect(localeFiles.length).toBeGreaterThan(10);
  });

  it('every page folder is named after a server module, or is a shell folder', () => {
    const stray = pageFolders.filter((name) => !modules.includes(name) && !SHELL_PAGE_FOLDERS.includes(name));
    expect(stray).toEqual([]);
  });

  it('every locales file is named after a page folder or a server module, or is a shell file', () => {
    const stray = localeFiles.filter(
      (name) => !pageFolders.includes(name) && !modules.includes(name) && !SHELL_LOCALES.includes(name),
    );
    expect(stray).toEqual([]);
  });

  it("every locales file's area has the file's name (camelCase)", () => {
    const areas: string[] = [...Object.keys(AREA_LOADERS), ...CORE_AREAS];
    expect(localeFiles.map(camel).filter((area) => !areas.includes(area))).toEqual([]);
    expect(areas.filter((area) => !localeFiles.map(camel).includes(area))).toEqual([]);
  });
});
