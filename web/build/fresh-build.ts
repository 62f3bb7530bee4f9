import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const repositoryRoot = path.resolve(import.meta.dirname, '../..');
export const webDist = path.join(repositoryRoot, 'web/dist');

/**
 * What web/dist is built from: the same list as scripts/web-build.mjs (npm start, the browser
 * tests), so all three agree on when the build is stale.
 */
const BUILD_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/build',
  'contract/src',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when web/dist (its manifest) is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  const manifest = path.join(webDist, '.vite/manifest.json');
  const index = path.join(webDist, 'index.html');
  if (!existsSync(manifest) || !existsSync(index)) return true;
  const built = Math.min(statSync(manifest).mtimeMs, statSync(index).mtimeMs);
  return BUILD_SOURCES.some((source) => newestMtime(path.join(repositoryRoot, source)) > built);
}

/** Builds web/dist (`npm run build -w web`); rejects with the build's output when it fails. */
export function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    // Under vitest NODE_ENV is `test`, which would give a development build of React.
    const { NODE_ENV: _testMode, ...environment } = process.env;
    const child = spawn('npm', ['run', 'build', '-w', 'web'], {
      cwd: repositoryRoot,
      env: { ...environment, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.stderr.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`npm run build -w web failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/** web/dist as it is when fresh, built first when stale. */
export async function ensureFreshWebBuild(): Promise<string> {
  if (webBuildIsStale()) await buildWeb();
  return webDist;
}
