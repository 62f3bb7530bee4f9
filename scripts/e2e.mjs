// npm run test:e2e: builds the web app if needed, starts the real server on a free port with a
// fresh DATA_DIR (embedded database, demo seed), runs the browser tests against it, stops it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();

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

const port = await freePort();
const ossPort = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
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
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForHealth() {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/designerapi/v1/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy in 300 s');
}

let status = 1;
try {
  await waitForHealth();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'web/e2e/vitest.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      // E2E_DATA_DIR: the server's DATA_DIR, so a test can run the operator CLI against it
      // (`DATA_DIR=$E2E_DATA_DIR npm run admin -- …` goes through DATA_DIR/operator.json).
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
    },
  );
  status = result.status ?? 1;
} finally {
  await stop();
}
process.exit(status);
