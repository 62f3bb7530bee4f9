// npm run size: the JS each key route needs before it renders (gzip), and every chunk, from web/dist.
import path from 'node:path';
import { chunksForPage, readManifest, sizeOf } from './route-chunks.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = readManifest(dist);
const CONSOLE_FRAME = 'src/layout/ConsoleLayout.tsx';
const routes: Array<[string, string[]]> = [
  ['/start/login', ['src/pages/start/login.tsx']],
  ['/my-vault/vault-statistics', [CONSOLE_FRAME, 'src/pages/my-vault/vault-statistics.tsx']],
];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const [route, sources] of routes) {
  const sizes = chunksForPage(manifest, ...sources).map((file) => sizeOf(dist, file));
  const gzip = sizes.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const raw = sizes.reduce((sum, chunk) => sum + chunk.raw, 0);
  console.log(`${route}: ${kb(gzip)} gzip (${kb(raw)} raw) in ${sizes.length} chunks`);
}
const all = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, files) => file.endsWith('.js') && files.indexOf(file) === index)
  .map((file) => sizeOf(dist, file))
  .sort((a, b) => b.raw - a.raw);
console.log(`\n${all.length} JS chunks, largest first:`);
for (const chunk of all.slice(0, 15))
  console.log(`  ${chunk.file}  ${kb(chunk.raw)} raw, ${kb(chunk.gzip)} gzip`);
