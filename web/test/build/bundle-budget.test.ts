import { beforeAll, describe, expect, it } from 'vitest';
import { chunksOverRawLimit, describeChunks, MAX_CHUNK_RAW_KB } from '../../build/budgets.ts';
import { ensureFreshWebBuild } from '../../build/fresh-build.ts';
import { type Manifest, readManifest } from '../../build/route-chunks.ts';

/**
 * Issue 10, item 4: the front-end budgets on the production build that the build alone decides.
 * Runs in Node (the `build` vitest project); builds web/dist first when it is missing or older
 * than its sources, else measures the build that is there. The JS budgets of the login and vault
 * statistics pages are what a phone fetches, counted in Chromium against the server
 * (issue 21 item 2: web/e2e/js-budget.e2e.ts, budgets in web/build/budgets.ts): the manifest
 * tells what a page needs to render, not what the browser downloads.
 */
let dist: string;
let manifest: Manifest;

beforeAll(async () => {
  dist = await ensureFreshWebBuild();
  manifest = readManifest(dist);
}, 600_000);

describe('issue 10 §4 front-end budgets', () => {
  it(`no chunk is over ${MAX_CHUNK_RAW_KB} KB raw`, () => {
    const over = chunksOverRawLimit(dist, manifest);
    expect(over, `chunks over ${MAX_CHUNK_RAW_KB} KB raw:\n${describeChunks(over)}`).toEqual([]);
  });
});
