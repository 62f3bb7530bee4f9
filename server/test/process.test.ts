import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, testDatabaseKind } from './support/test-app.ts';

/**
 * The real process: start-up, configuration errors, graceful shutdown, data that survives a
 * restart. Embedded database only (the PostgreSQL project runs the same code in app tests).
 */
const mainScript = path.resolve(import.meta.dirname, '../src/main.ts');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { PATH: process.env.PATH ?? '', WEB_DIST: 'none', LOG_LEVEL: 'warn', OSS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(base: string, exited: Promise<number | null>): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 240 && !done; i++) {
    try {
      if ((await fetch(`${base}/designerapi/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

describe.runIf(testDatabaseKind() === 'pglite')('the server process', () => {
  it('issue 2: a bad setting stops start-up with one clear line naming it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dc-proc-')) });
    expect(await server.exited).toBe(2);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  it('issue 2: SIGTERM drains, closes the database and exits 0; data in DATA_DIR survives a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-proc-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo' };
    // DATA_DIR holds the migrated, empty database of an install (no demo yet): the first start
    // seeds the demo into it for real. Creating one from nothing (initdb, migrations) took 15 of
    // this test's 47 s; oss/process.test.ts starts the server on an empty DATA_DIR.
    await migratedDataDir(dataDir);

    const first = startServer(env);
    await waitForHealth(base, first.exited);
    const form = new FormData();
    form.set('account', 'demo');
    form.set('password', 'demo123456');
    form.set('remember', '1');
    const response = await fetch(`${base}/designerapi/v1/login`, { method: 'POST', body: form });
    const login = (await response.json()) as { code: number; data: { token: string } };
    expect(login.code).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Seeded demo accounts');

    const second = startServer(env);
    await waitForHealth(base, second.exited);
    // The session written before the restart is still there: the token still works.
    const info = await fetch(`${base}/designerapi/v1/yiDesigner/modifyInfo`, {
      headers: { authToken: login.data.token },
    }).then((r) => r.json());
    expect(info).toMatchObject({ code: 200, data: { nickname: '林设计师' } });
    expect(second.output()).not.toContain('Seeded demo accounts');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
