import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/ describes the code (issue 18 point 8); these checks keep it true as the code moves:
 * every path it cites exists, every relative link lands on a file and heading, every issue the
 * code cites is described, and every spec section the code cites has its page. Reads files only.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCS = path.join(ROOT, 'docs');
const CODE_FOLDERS = ['contract', 'server', 'web', 'bench', 'reliability', 'scripts'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.git']);
/** What a backticked repository path may start with. */
const REPO_ROOTS = [...CODE_FOLDERS, 'docs', '.ci'].map((folder) => `${folder}/`);
const ROOT_FILES = new Set(['README.md', 'SECURITY.md', 'package.json', 'vitest.config.ts', 'biome.json']);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, keep));
    else if (keep(full)) found.push(full);
  }
  return found;
}

const docFiles = filesUnder(DOCS, (file) => file.endsWith('.md'));
const docText = new Map(docFiles.map((file) => [file, readFileSync(file, 'utf8')]));
const relative = (file: string) => path.relative(ROOT, file);

/** A backticked span that names a file or folder of this repository (no placeholders). */
function repoPathOf(span: string): string | undefined {
  if (/[\s<>*{}…:]/.test(span)) return undefined;
  if (ROOT_FILES.has(span)) return span;
  return REPO_ROOTS.some((root) => span.startsWith(root)) ? span : undefined;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1] ?? '');
  return new Set(headings.map(anchorOf));
}

describe('docs/ (issue 18 point 8): the rules written in the repository', () => {
  it('every backticked repository path in docs/ exists', () => {
    const missing: string[] = [];
    for (const [file, text] of docText) {
      for (const [, span = ''] of text.matchAll(/`([^`\n]+)`/g)) {
        const cited = repoPathOf(span);
        if (cited && !existsSync(path.join(ROOT, cited))) missing.push(`${relative(file)}: ${cited}`);
      }
    }
    expect(docFiles.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('every relative link in docs/ lands on an existing file and heading', () => {
    const broken: string[] = [];
    for (const [file, text] of docText) {
      for (const [, target = '', anchor] of text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const resolved = target ? path.resolve(path.dirname(file), target) : file;
        if (!existsSync(resolved)) {
          broken.push(`${relative(file)}: ${target}`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${relative(file)}: ${target}#${anchor}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  const codeText = CODE_FOLDERS.flatMap((folder) =>
    filesUnder(path.join(ROOT, folder), (file) => /\.(ts|tsx|mjs)$/.test(file)),
  ).map((file) => readFileSync(file, 'utf8'));

  it('every issue the code cites is described in docs/issues.md', () => {
    const cited = new Set<number>();
    for (const text of codeText) {
      for (const [, number = ''] of text.matchAll(/\bissues? #?(\d+)/gi)) cited.add(Number(number));
    }
    const described = new Set(
      [...readFileSync(path.join(DOCS, 'issues.md'), 'utf8').matchAll(/^## Issue (\d+)\b/gm)].map((match) =>
        Number(match[1]),
      ),
    );
    expect(cited.size).toBeGreaterThan(5);
    expect([...cited].filter((number) => !described.has(number)).sort((a, b) => a - b)).toEqual([]);
  });

  it('every spec section the code cites (§1–§9) has its page in docs/behaviour/', () => {
    const pages = readdirSync(path.join(DOCS, 'behaviour'));
    const cited = new Set<number>();
    for (const text of codeText) {
      for (const [, number = ''] of text.matchAll(/(?:§ ?|spec(?:ification)?(?:'s)? sections? )(\d+)/gi)) {
        cited.add(Number(number));
      }
    }
    const withoutPage = [...cited].filter(
      (number) => !pages.some((page) => page.startsWith(`${String(number).padStart(2, '0')}-`)),
    );
    expect(cited.size).toBeGreaterThan(5);
    expect(withoutPage).toEqual([]);
  });
});
