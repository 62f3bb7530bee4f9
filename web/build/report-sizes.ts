// npm run size: the JS each budgeted route needs (gzip) against its budget, and the largest chunks, from web/dist.
import path from 'node:path';
import {
  describeChunks,
  KB,
  kb,
  MAX_CHUNK_RAW_KB,
  measureChunks,
  measureRoute,
  ROUTE_BUDGETS,
} from './budgets.ts';
import { readManifest } from './route-chunks.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = readManifest(dist);

for (const budget of ROUTE_BUDGETS) {
  const measure = measureRoute(dist, manifest, budget);
  const verdict = measure.gzip <= budget.maxGzipKB * KB ? 'ok' : 'OVER BUDGET';
  const target = measure.gzip <= budget.targetGzipKB * KB ? 'met' : 'not yet';
  console.log(
    `${budget.route}: ${kb(measure.gzip)} gzip (${kb(measure.raw)} raw) in ${measure.chunks.length} chunks` +
      ` — ceiling ${budget.maxGzipKB} KB: ${verdict}; target ${budget.targetGzipKB} KB: ${target}`,
  );
  console.log(describeChunks(measure.chunks, 8));
}
const all = measureChunks(dist, manifest);
const over = all.filter((chunk) => chunk.raw > MAX_CHUNK_RAW_KB * KB);
console.log(
  `\n${all.length} JS chunks (none may exceed ${MAX_CHUNK_RAW_KB} KB raw: ${over.length} do), largest first:`,
);
console.log(describeChunks(all, 15));
