// npm run test:e2e: builds the web app if needed, starts the real server on a free port with a
// fresh DATA_DIR (embedded database, demo seed), runs the browser tests against it, stops it.
//
// The whole suite (no arguments) runs in lanes: E2E_LANES servers (3 by default), each with its
// own DATA_DIR and demo seed, and the browser test files shared out between them, one file at a
// time per lane, the longest first. One lane left the machine's cores partly idle while a page
// waited on the server or a timer (25 minutes); three lanes keep both busy (16.8 minutes, the
// machine loaded to 10–13), so more lanes would not help. Lanes share nothing: a file sees a
// server only the files of its own lane have used, as before.
// With arguments (a file, `-t pattern`, `--retry 0`…) one server and one vitest run, as given.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

/**
 * The files that took longest on an idle machine (seconds, November 2026), started first so that
 * no lane is left with a long file at the end. A file not named here starts after these.
 */
const LONGEST_FIRST = [
  'every-route', // 271
  'dialogs', // 108
  'tabs', // 100
  'settings', // 94
  'feedback', // about 75 (124 before its upload test was cut from 65 s to 14)
  'accounts', // 68
  'shell-pages', // 62
  'designer', // about 60
  'exclusive', // 56
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** A server of its own: free ports, a fresh DATA_DIR seeded with the demo. */
async function startServer() {
  const port = await freePort();
  const ossPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      OSS_PORT: String(ossPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/designerapi/v1/health`);
      if (res.ok) return { baseUrl, dataDir, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not become healthy in 300 s');
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const vitestArgs = (args) => [vitest, 'run', '--config', 'web/e2e/vitest.config.ts', ...args];

// E2E_DATA_DIR: the server's DATA_DIR, so a test can run the operator CLI against it
// (`DATA_DIR=$E2E_DATA_DIR npm run admin -- …` goes through DATA_DIR/operator.json).
const testEnv = (server) => ({ ...process.env, E2E_BASE_URL: server.baseUrl, E2E_DATA_DIR: server.dataDir });

/** One server, one vitest run with the arguments given. */
async function runAsGiven(args) {
  const server = await startServer();
  try {
    const result = spawnSync(process.execPath, vitestArgs(args), {
      cwd: root,
      stdio: 'inherit',
      env: testEnv(server),
    });
    return result.status ?? 1;
  } finally {
    await server.stop();
  }
}

/** The browser test files, longest first. */
function suiteFiles() {
  const files = readdirSync(path.join(root, 'web/e2e'))
    .filter((name) => name.endsWith('.e2e.ts'))
    .sort();
  const rank = (name) => {
    const at = LONGEST_FIRST.indexOf(name.replace(/\.e2e\.ts$/, ''));
    return at === -1 ? LONGEST_FIRST.length : at;
  };
  return files.sort((a, b) => rank(a) - rank(b)).map((name) => `web/e2e/${name}`);
}

/** Runs one file against the lane's server; its output is printed whole when it ends. */
function runFile(file, server, lane) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, vitestArgs([file]), {
      cwd: root,
      env: { ...testEnv(server), FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n── lane ${lane}: ${file} (${seconds} s, exit ${code}) ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ file, lane, seconds, ok: code === 0 });
    });
  });
}

/** Every file, shared out between `laneCount` servers; 0 when every file passed. */
async function runInLanes(laneCount) {
  const started = Date.now();
  const queue = suiteFiles();
  const servers = await Promise.all(Array.from({ length: laneCount }, () => startServer()));
  const results = [];
  try {
    await Promise.all(
      servers.map(async (server, index) => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          results.push(await runFile(file, server, index + 1));
        }
      }),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  const failed = results.filter((result) => !result.ok);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nBrowser tests: ${results.length} files in ${laneCount} lanes, ${minutes} min.`);
  for (const result of failed) console.log(`FAILED ${result.file} (lane ${result.lane})`);
  if (failed.length === 0) console.log('Every file passed.');
  return failed.length === 0 ? 0 : 1;
}

/** E2E_LANES: how many servers the whole suite is shared between (1–6; 3 by default). */
function laneCount() {
  const raw = process.env.E2E_LANES;
  if (raw === undefined || raw === '') return 3;
  const lanes = Number(raw);
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > 6)
    throw new Error(`E2E_LANES must be a whole number from 1 to 6 (got "${raw}")`);
  return lanes;
}

ensureWebBuild();
const args = process.argv.slice(2);
process.exit(args.length > 0 ? await runAsGiven(args) : await runInLanes(laneCount()));
