import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** scripts/server-build.mjs: how `npm start`, the benchmark and the reliability runs launch node. */
const build = (await import(pathToFileURL(path.resolve('scripts/server-build.mjs')).href)) as {
  serverHeapMb(env: Record<string, string | undefined>): number;
  serverNodeArgs(entry: string, env: Record<string, string | undefined>): string[];
};

describe('issue 10: the production server runs with an old-space cap', () => {
  it('192 MB unless SERVER_HEAP_MB says otherwise', () => {
    expect(build.serverNodeArgs('server/dist/main.js', {})).toEqual([
      '--enable-source-maps',
      '--max-old-space-size=192',
      'server/dist/main.js',
    ]);
    expect(build.serverHeapMb({ SERVER_HEAP_MB: '512' })).toBe(512);
    expect(build.serverHeapMb({ SERVER_HEAP_MB: '' })).toBe(192);
  });

  it('a bad SERVER_HEAP_MB is refused with a line naming it', () => {
    for (const raw of ['lots', '12.5', '32', '-1']) {
      expect(() => build.serverHeapMb({ SERVER_HEAP_MB: raw })).toThrow(/SERVER_HEAP_MB/);
    }
  });
});
