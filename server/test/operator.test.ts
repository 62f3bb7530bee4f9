import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeAdminCommand } from '../src/admin/execute.ts';
import {
  newOperatorToken,
  operatorFilePath,
  readOperatorFile,
  removeOperatorFile,
  writeOperatorFile,
} from '../src/admin/operator-file.ts';
import {
  API,
  createDesigner,
  createTestApp,
  migratedDataDir,
  type TestApp,
  testDatabaseKind,
} from './support/test-app.ts';

/**
 * The operator CLI while the server runs (issue 4 item 4): on the embedded database only one
 * process may open it, so the running server runs the command for the CLI through
 * `POST /dev/operator`, answered to loopback requests carrying the token of DATA_DIR/operator.json.
 */
describe('POST /dev/operator: the running server runs operator commands', () => {
  let test: TestApp;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-operator-'));
    test = await createTestApp({ env: { DATA_DIR: dataDir } });
    token = newOperatorToken();
    writeOperatorFile(dataDir, { url: 'http://127.0.0.1:1/designerapi/v1', token });
    await createDesigner(test.db, {
      account: 'op_waiting',
      password: 'secret-pass-1',
      status: 'pending_review',
    });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (argv: unknown, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    test.app.inject({
      method: 'POST',
      url: `${API}/dev/operator`,
      payload: { argv },
      headers,
      remoteAddress,
    });

  it('issue 4: runs a command and answers its output and exit code', async () => {
    const res = await call(['accounts', 'approve', 'op_waiting'], { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.exitCode).toBe(0);
    expect(body.data.output).toContain('op_waiting');

    const list = (await call(['accounts', 'list', 'active'], { authorization: `Bearer ${token}` })).json();
    expect(list.data.output).toContain('op_waiting');
  });

  it('issue 4: members bind records a platform user bound to a designer, phone masked', async () => {
    const res = await call(['members', 'bind', 'op_waiting', '小雅', '13812345678'], {
      authorization: `Bearer ${token}`,
    });
    expect(res.json().data).toEqual({ exitCode: 0, output: expect.stringContaining('138****5678') });
  });

  it('issue 4: a refused rule is exit 1 and bad usage exit 2, with the message', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const refused = (await call(['accounts', 'approve', 'nobody_here'], auth)).json();
    expect(refused.data.exitCode).toBe(1);
    expect(refused.data.output.length).toBeGreaterThan(0);
    const usage = (await call(['accounts', 'approve'], auth)).json();
    expect(usage.data).toEqual({ exitCode: 2, output: expect.stringContaining('usage: npm run admin --') });
    const unknown = (await call(['launch', 'rockets'], auth)).json();
    expect(unknown.data.exitCode).toBe(2);
    expect(unknown.data.output).toContain('unknown command');
  });

  it('issue 4: a wrong or missing token is refused 401-style, and nothing runs', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${newOperatorToken()}` },
      { authorization: token },
    ]) {
      const res = await call(['accounts', 'freeze', 'op_waiting'], headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(20006);
    }
    const list = (await call(['accounts', 'list', 'frozen'], { authorization: `Bearer ${token}` })).json();
    expect(list.data.output).not.toContain('op_waiting');
  });

  it('issue 4: answered only to this machine, never through a proxy', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const remote = await call(['accounts', 'list'], auth, '192.168.1.20');
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe(40300);
    const proxied = await call(['accounts', 'list'], { ...auth, 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(403);
    const ipv6 = await call(['accounts', 'list'], auth, '::1');
    expect(ipv6.json().data.exitCode).toBe(0);
  });

  it('issue 4: without operator.json (the server is not publishing one) every call is refused', async () => {
    removeOperatorFile(dataDir, token);
    expect(existsSync(operatorFilePath(dataDir))).toBe(false);
    const res = await call(['accounts', 'list'], { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    writeOperatorFile(dataDir, { url: 'http://127.0.0.1:1/designerapi/v1', token });
  });

  it('issue 4: the route is not in the OpenAPI document', async () => {
    const doc = (await test.app.inject({ method: 'GET', url: '/designerapi/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain(`${API}/dev/operator`);
  });

  it('issue 4: the same registry runs in-process with print captured', async () => {
    const outcome = await executeAdminCommand(test.db, ['outbox'], new Date());
    expect(outcome).toEqual({ exitCode: 0, output: expect.stringContaining('message(s)') });
  });
});

const repoRoot = path.resolve(import.meta.dirname, '../..');
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function admin(dataDir: string, ...args: string[]) {
  const cli = run('server/src/admin.ts', args, { DATA_DIR: dataDir });
  const code = await cli.exited;
  return { code, ...cli.output() };
}

describe.runIf(testDatabaseKind() === 'pglite')(
  'npm run admin while the server runs (embedded database)',
  () => {
    let dataDir: string;
    let server: { child: ChildProcess; exited: Promise<number | null> };

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-operator-cli-'));
      // An install whose database holds the account `demo` (the demo seed, 20,000 fans and a
      // year of ledger, took most of this file's 43 s and nothing here reads it).
      await migratedDataDir(dataDir, async (db) => {
        await createDesigner(db, { account: 'demo', password: 'demo-pass-123' });
      });
      const port = await freePort();
      server = run('server/src/main.ts', [], {
        PORT: String(port),
        OSS_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        WEB_DIST: 'none',
      });
      for (let i = 0; i < 480 && !readOperatorFile(dataDir); i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }, 150_000);
    afterAll(async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('issue 4: the server writes DATA_DIR/operator.json (mode 0600) with its loopback URL', () => {
      const file = readOperatorFile(dataDir);
      expect(file?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/designerapi\/v1$/);
      expect(file?.token).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(operatorFilePath(dataDir)).mode & 0o777).toBe(0o600);
    });

    it('issue 4: the CLI sends the command to the running server and exits with its code', async () => {
      const listed = await admin(dataDir, 'accounts', 'list', 'active');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('demo');
      const refused = await admin(dataDir, 'accounts', 'approve', 'nobody_here');
      expect(refused.code).toBe(1);
      expect(refused.stderr.length).toBeGreaterThan(0);
    }, 60_000);

    it('issue 4: at shutdown the file is removed, and the CLI opens the database itself again', async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(operatorFilePath(dataDir))).toBe(false);

      // A stale file (a server killed hard) is not trusted: the CLI falls back to the database.
      writeOperatorFile(dataDir, { url: 'http://127.0.0.1:1/designerapi/v1', token: newOperatorToken() });
      const listed = await admin(dataDir, 'accounts', 'list', 'active');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain('demo');
      expect(listed.stderr).toContain('No server answered');
    }, 60_000);
  },
);
