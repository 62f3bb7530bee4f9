import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { issueUploadCredentials, startObjectStore } from '../../src/oss/index.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { ossRequest } from './support/store.ts';

/** The store in the real process: started by main.ts next to the app, stopped by SIGTERM. */
const mainScript = path.resolve(import.meta.dirname, '../../src/main.ts');
const dataDirs: string[] = [];
afterAll(() => Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

function startMain(env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { PATH: process.env.PATH ?? '', WEB_DIST: 'none', LOG_LEVEL: 'warn', SEED: 'none', ...env },
    stdio: 'ignore',
  });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

async function waitUntil(probe: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('never became ready');
}

describe.runIf(testDatabaseKind() === 'pglite')('the object store in the server process', () => {
  it('listens on OSS_PORT beside the API, accepts credentials issued for that DATA_DIR, exits 0 on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-oss-proc-'));
    dataDirs.push(dataDir);
    const [port, ossPort] = [await freePort(), await freePort()];
    const env = { PORT: String(port), OSS_PORT: String(ossPort), HOST: '127.0.0.1', DATA_DIR: dataDir };
    const main = startMain(env);
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/designerapi/v1/health`)).ok);
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${ossPort}/`)).status === 501);

    // What the VOD module will do in-process: same config, same secret file, no database.
    const credentials = await issueUploadCredentials(loadConfig(env), {
      designerId: 3,
      objectKey: 'designers/3/a.mp4',
      maxBytes: 1024,
    });
    const put = await ossRequest(`http://127.0.0.1:${ossPort}`, {
      method: 'PUT',
      key: 'designers/3/a.mp4',
      body: Buffer.from('from another process'),
      credentials,
    });
    expect(put.status).toBe(200);

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
  }, 120_000);

  it('an OSS_PORT already taken stops start-up with a message naming OSS_PORT', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-oss-proc-'));
    dataDirs.push(dataDir);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const config = loadConfig({ PORT: '0', OSS_PORT: String(taken), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await expect(startObjectStore(config)).rejects.toThrow(/OSS_PORT/);
    } finally {
      blocker.close();
    }
  });
});
