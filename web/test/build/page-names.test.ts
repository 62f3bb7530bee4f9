import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPageNameClashes } from '../../build/page-names.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function pagesWith(files: string[]): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pages-'));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'export default null;');
  }
  return dir;
}

describe('§8 two same-named page files in one folder', () => {
  it('§8 two files answering one page name in one folder are reported', () => {
    const clashes = findPageNameClashes(
      pagesWith(['fans/fans-list.tsx', 'fans/Fans-List.jsx', 'fans/ok.tsx']),
    );
    expect(clashes).toEqual(['fans: "fans-list" is named by Fans-List.jsx, fans-list.tsx']);
  });

  it('§8 the same name in different folders is fine', () => {
    expect(findPageNameClashes(pagesWith(['a/index.tsx', 'b/index.tsx', 'a/service.ts']))).toEqual([]);
  });

  it('the real pages folder has no clash', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'unused-'));
    expect(findPageNameClashes(path.resolve(import.meta.dirname, '../../src/pages'))).toEqual([]);
  });
});
