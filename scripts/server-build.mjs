// The server built for production (issue 10): server/src/main.ts and the contract bundled by
// esbuild into one ES module, server/dist/main.js, with every npm package left to node_modules.
// Against `node --import tsx` it starts in about half the time and holds about 80 MB less
// (no loader thread, no compiling at start-up); the code that runs per request is the same.
// `npm start` and `npm run bench` build it when it is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'server/dist');
export const serverEntry = path.join(outdir, 'main.js');
const sources = ['server/src', 'contract/src', 'scripts/server-build.mjs'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The old-space cap of the production server, in MB: SERVER_HEAP_MB, else 192. */
export function serverHeapMb(env = process.env) {
  const raw = env.SERVER_HEAP_MB;
  if (raw === undefined || raw === '') return 192;
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 64)
    throw new Error(`SERVER_HEAP_MB must be a whole number of MB, 64 or more (got "${raw}")`);
  return mb;
}

/**
 * How node runs the production server (`npm start`, the benchmark, the reliability scenarios).
 * The old-space cap keeps the process near its live memory: without one, V8 let the garbage of
 * request bursts grow the heap, and the server sat at 285–376 MB after 32-connection load and
 * peaked at 300–373 MB during a million-row export; capped at 192 MB it stays at 187–204 MB for
 * 5–10 % more collection work (bench/RESULTS.md, issue 10). Buffers and PGlite's memory are
 * outside the cap.
 */
export function serverNodeArgs(entry, env = process.env) {
  return ['--enable-source-maps', `--max-old-space-size=${serverHeapMb(env)}`, entry];
}

export function serverBuildIsStale() {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * Bundles the server. Files that find their data beside them (`import.meta.url`: migrations,
 * the common-password list, fixtures, web/dist) keep finding it in server/src: each such
 * `import.meta.url` becomes the URL of its source file, relative to the bundle.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external-and-source-urls',
        setup(b) {
          // npm packages load from node_modules; the workspace's own (@dc/contract) is bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@dc/') ? undefined : { path: args.path, external: true },
          );
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            let contents = await readFile(args.path, 'utf8');
            if (contents.includes('import.meta.url')) {
              const relative = path.relative(outdir, args.path).split(path.sep).join('/');
              contents = contents.replaceAll(
                'import.meta.url',
                `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
              );
            }
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  return serverEntry;
}

export async function ensureServerBuild() {
  if (!serverBuildIsStale()) return serverEntry;
  console.log('Building the server (server/dist is missing or older than its sources)…');
  return buildServer();
}

// `node scripts/server-build.mjs`: build now.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`built ${path.relative(root, serverEntry)}`);
}
