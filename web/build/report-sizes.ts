// npm run size: the chunks of web/dist, largest first, against the raw limit per chunk. What a
// phone fetches of each budgeted page is counted in Chromium: web/e2e/js-budget.e2e.ts (issue 21).
import path from 'node:path';
import { describeChunks, KB, kb, MAX_CHUNK_RAW_KB, measureChunks, PHONE_BUDGETS } from './budgets.ts';
import { readManifest } from './route-chunks.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = readManifest(dist);

const all = measureChunks(dist, manifest);
const over = all.filter((chunk) => chunk.raw > MAX_CHUNK_RAW_KB * KB);
const total = all.reduce((sum, chunk) => sum + chunk.gzip, 0);
console.log(
  `${all.length} JS chunks, ${kb(total)} gzip in all (none may exceed ${MAX_CHUNK_RAW_KB} KB raw: ` +
    `${over.length} do), largest first:`,
);
console.log(describeChunks(all, 25));
console.log('\nPhone budgets (JS fetched within 2.5 s, counted by web/e2e/js-budget.e2e.ts):');
for (const budget of PHONE_BUDGETS) {
  console.log(`  ${budget.route}: at most ${budget.maxGzipKB} KB gzip in ${budget.maxFiles} files`);
}
