import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18 §4, the web's layers: the shared layers (the API calls, the app shell, components,
 * layout, the request layer, stores and the uploader) are used by the pages and never use them,
 * so a page can be moved, renamed or deleted without breaking the frame around it. And the
 * uploader (upload/) is framework-free: no React, no antd; its React dropzones live in
 * components/upload/. Reads the sources; imports are found by TypeScript's own pre-parser, so a
 * comment or a string that looks like an import is not one.
 */
const web = path.resolve(import.meta.dirname, '../..');
const src = path.join(web, 'src');
const pages = path.join(src, 'pages');
const upload = path.join(src, 'upload');

const SHARED_LAYERS = ['api', 'app', 'components', 'layout', 'request', 'stores', 'upload'] as const;

/**
 * The one file of a shared layer that names pages: the route tree's registry, which finds every
 * page file by name with `import.meta.glob` and loads it when its route opens. It imports no
 * page's code.
 */
const PAGE_GLOB_ALLOWED = ['app/page-registry.ts'];

/** Packages a framework-free uploader must not use. */
const FRAMEWORK = /^(?:react(?:-dom|-router)?|antd|@ant-design\/[^/]+|@tanstack\/react-[^/]+)(?:\/|$)/;

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');

/** Every .ts/.tsx file under `directory`, as absolute paths. */
function sourcesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(directory, name))
    .sort();
}

/** What a source imports: static, type-only, re-exports, side-effect and dynamic `import()`. */
function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName);
}

/** The patterns of `import.meta.glob(…)` calls (Vite's way to import files by pattern). */
function globPatterns(source: string): string[] {
  const patterns: string[] = [];
  for (const call of source.matchAll(
    /import\.meta\.glob(?:<[^>]*>)?\(\s*(\[(?:\s*(?:'[^']*'|"[^"]*")\s*,?)*\s*\]|'[^']*'|"[^"]*")/g,
  )) {
    for (const literal of (call[1] as string).matchAll(/'([^']*)'|"([^"]*)"/g)) {
      patterns.push((literal[1] ?? literal[2]) as string);
    }
  }
  return patterns;
}

/** The file or folder a specifier points at, or undefined for a package. `/src/…` is Vite's root. */
function target(file: string, specifier: string): string | undefined {
  const bare = specifier.replace(/^!/, '');
  if (bare.startsWith('.')) return path.resolve(path.dirname(file), bare);
  if (bare.startsWith('/')) return path.join(web, bare);
  return undefined;
}

const inside = (folder: string, candidate: string | undefined) =>
  candidate !== undefined && (candidate === folder || candidate.startsWith(`${folder}${path.sep}`));

/** `<file> imports <specifier>` for each import of `source` (the text of `file`) into pages/. */
function pageImports(file: string, source: string): string[] {
  const found = importSpecifiers(source)
    .filter((specifier) => inside(pages, target(file, specifier)))
    .map((specifier) => `${relative(file)} imports ${specifier}`);
  if (!PAGE_GLOB_ALLOWED.includes(relative(file))) {
    for (const pattern of globPatterns(source)) {
      if (inside(pages, target(file, pattern))) found.push(`${relative(file)} globs ${pattern}`);
    }
  }
  return found;
}

/** What makes a file of the uploader depend on a framework: React or antd, JSX, or a way out of upload/. */
function frameworkUses(file: string, source: string): string[] {
  const found = file.endsWith('.tsx') ? [`${relative(file)} is a .tsx (JSX) file`] : [];
  for (const specifier of importSpecifiers(source)) {
    if (FRAMEWORK.test(specifier)) found.push(`${relative(file)} imports ${specifier}`);
    const into = target(file, specifier);
    if (into !== undefined && !inside(upload, into)) {
      found.push(`${relative(file)} imports ${specifier}, outside upload/`);
    }
  }
  return found;
}

const read = (file: string) => readFileSync(file, 'utf8');

describe('web layers (issue 18 §4)', () => {
  it('reads every kind of import and nothing that only looks like one', () => {
    const source = [
      "import { a } from '../pages/a.ts';",
      "import type { B } from '../pages/b.ts';",
      "export { c } from '../pages/c.ts';",
      "import '../pages/d.css';",
      "const e = () => import('../pages/e.tsx');",
      "// import { f } from '../pages/f.ts';",
      'const g = "from \'../pages/g.ts\'";',
      "import { h } from 'react';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      '../pages/a.ts',
      '../pages/b.ts',
      '../pages/c.ts',
      '../pages/d.css',
      '../pages/e.tsx',
      'react',
    ]);
    expect(globPatterns("import.meta.glob<M>(['../pages/**/*.tsx', '!../pages/**/[A-Z]*.tsx'])")).toEqual([
      '../pages/**/*.tsx',
      '!../pages/**/[A-Z]*.tsx',
    ]);
  });

  it('names the file and the import when a shared layer reaches into pages/', () => {
    const file = path.join(src, 'layout/UserMenu.tsx');
    expect(pageImports(file, "import { logout } from '../pages/start/service.ts';")).toEqual([
      'layout/UserMenu.tsx imports ../pages/start/service.ts',
    ]);
    expect(pageImports(file, "import { x } from '/src/pages/start/service.ts';")).toEqual([
      'layout/UserMenu.tsx imports /src/pages/start/service.ts',
    ]);
    expect(pageImports(file, "const all = import.meta.glob('../pages/**/*.tsx');")).toEqual([
      'layout/UserMenu.tsx globs ../pages/**/*.tsx',
    ]);
    expect(pageImports(file, "import { logout } from '../api/session.ts';")).toEqual([]);
    expect(
      pageImports(path.join(src, 'components/qr-scan/QrScanPanel.tsx'), "import '../../pages/x.ts';"),
    ).toEqual(['components/qr-scan/QrScanPanel.tsx imports ../../pages/x.ts']);
  });

  it('names what ties an uploader file to a framework', () => {
    const file = path.join(upload, 'uploader.ts');
    const source = [
      "import { useState } from 'react';",
      "import { Upload } from 'antd';",
      "import { InboxOutlined } from '@ant-design/icons';",
      "import { ImageDropzone } from '../components/upload/ImageDropzone.tsx';",
      "import { md5Hex } from './md5.ts';",
      "import { UPLOAD_PART_SIZE } from '@dc/contract';",
    ].join('\n');
    expect(frameworkUses(file, source)).toEqual([
      'upload/uploader.ts imports react',
      'upload/uploader.ts imports antd',
      'upload/uploader.ts imports @ant-design/icons',
      'upload/uploader.ts imports ../components/upload/ImageDropzone.tsx, outside upload/',
    ]);
    expect(frameworkUses(path.join(upload, 'Dropzone.tsx'), '')).toEqual([
      'upload/Dropzone.tsx is a .tsx (JSX) file',
    ]);
  });

  const shared = SHARED_LAYERS.flatMap((layer) => sourcesUnder(path.join(src, layer)));

  it('scans every shared layer', () => {
    for (const layer of SHARED_LAYERS) {
      expect(
        shared.some((file) => relative(file).startsWith(`${layer}/`)),
        layer,
      ).toBe(true);
    }
  });

  it('no file of a shared layer imports from pages/', () => {
    expect(shared.flatMap((file) => pageImports(file, read(file)))).toEqual([]);
  });

  it('upload/ is the framework-free uploader: no React, no antd, nothing from outside it', () => {
    const files = sourcesUnder(upload);
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => frameworkUses(file, read(file)))).toEqual([]);
  });
});
