import { beforeAll, describe, expect, it } from 'vitest';
import {
  chunksOverRawLimit,
  describeChunks,
  KB,
  kb,
  MAX_CHUNK_RAW_KB,
  measureRoute,
  ROUTE_BUDGETS,
} from '../../build/budgets.ts';
import { ensureFreshWebBuild } from '../../build/fresh-build.ts';
import { type Manifest, readManifest } from '../../build/route-chunks.ts';

/**
 * Issue 10, item 4: the front-end budgets, on the production build (sizes are deterministic).
 * Runs in Node (the `build` vitest project); builds web/dist first when it is missing or older
 * than its sources, else measures the build that is there.
 */
let dist: string;
let manifest: Manifest;

beforeAll(async () => {
  dist = await ensureFreshWebBuild();
  manifest = readManifest(dist);
}, 600_000);

describe('issue 10 §4 front-end budgets', () => {
  for (const budget of ROUTE_BUDGETS) {
    const what = budget.withLazyChunks ? 'JS (with its lazy chunks)' : 'JS needed to render';
    it(`${what} ${budget.route} is at most ${budget.maxGzipKB} KB gzip`, () => {
      const measure = measureRoute(dist, manifest, budget);
      const report =
        `${budget.route} needs ${kb(measure.gzip)} gzip (budget ${budget.maxGzipKB} KB) ` +
        `in ${measure.chunks.length} chunks, largest first:\n${describeChunks(measure.chunks, 12)}`;
      expect(measure.gzip, report).toBeLessThanOrEqual(budget.maxGzipKB * KB);
    });
  }

  it(`no chunk is over ${MAX_CHUNK_RAW_KB} KB raw`, () => {
    const over = chunksOverRawLimit(dist, manifest);
    expect(over, `chunks over ${MAX_CHUNK_RAW_KB} KB raw:\n${describeChunks(over)}`).toEqual([]);
  });
});
