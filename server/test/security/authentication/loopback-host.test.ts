import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken, writeOperatorFile } from '../../../src/admin/operator-file.ts';
import { isLoopbackHost } from '../../../src/http/loopback.ts';
import { API, createTestApp, envelopeOf, type TestApp } from '../../support/test-app.ts';

/**
 * Issue 16 (LOW): the loopback-only routes answered `Host: evil.example.com` from 127.0.0.1. A page
 * on evil.example.com whose DNS name is re-pointed at 127.0.0.1 (DNS rebinding) reaches the server
 * from a loopback socket, so the socket address alone does not prove a local caller: the browser
 * still names the attacker's host.
 */
let t: TestApp;
let dataDir: string;
let operatorToken: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-loopback-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  operatorToken = newOperatorToken();
  writeOperatorFile(dataDir, { url: 'http://127.0.0.1:1/designerapi/v1', token: operatorToken });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const outbox = (host: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `${API}/dev/outbox?format=json`, headers: { host }, remoteAddress });
const operator = (host: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/dev/operator`,
    headers: { host, authorization: `Bearer ${operatorToken}` },
    payload: { argv: ['accounts', 'list', 'active'] },
    remoteAddress,
  });

const REBOUND_HOSTS = [
  'evil.example.com',
  'evil.example.com:3000',
  '127.0.0.1.evil.example.com',
  'localhost.evil.example.com:3000',
  'localhost@evil.example.com',
  '127.0.0.2',
  '0.0.0.0:3000',
  '[::ffff:7f00:1]',
];
const LOCAL_HOSTS = ['127.0.0.1', '127.0.0.1:3000', 'localhost', 'LOCALHOST:5173', '[::1]', '[::1]:3000'];

describe('DNS rebinding: a loopback socket with a foreign Host header', () => {
  it('GET /dev/outbox from 127.0.0.1 with Host: evil.example.com is refused (40300)', async () => {
    for (const host of REBOUND_HOSTS) {
      const res = await outbox(host);
      expect(res.statusCode, host).toBe(403);
      expect(envelopeOf(res).code, host).toBe(40300);
    }
  });

  it('POST /dev/operator from 127.0.0.1 with Host: evil.example.com is refused before the token is looked at', async () => {
    for (const host of REBOUND_HOSTS) {
      const res = await operator(host);
      expect(res.statusCode, host).toBe(403);
      expect(envelopeOf(res).code, host).toBe(40300);
    }
    expect((await operator('127.0.0.1:3000')).statusCode).toBe(200);
  });

  it('a loopback Host (127.0.0.1, localhost, [::1], any port) from a loopback socket still works', async () => {
    for (const host of LOCAL_HOSTS) {
      expect((await outbox(host)).statusCode, host).toBe(200);
      expect((await outbox(host, '::1')).statusCode, host).toBe(200);
    }
  });

  it('a loopback Host from another machine is still refused', async () => {
    expect((await outbox('127.0.0.1:3000', '192.168.1.20')).statusCode).toBe(403);
  });

  it('a proxy’s X-Forwarded-Host on loopback is refused like the other forwarding headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/dev/outbox?format=json`,
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example.com' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('over a real socket: the browser of a rebound page (Host: evil.example.com) gets 403, curl on the machine 200', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: `${API}/dev/outbox?format=json`, headers: { host } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
    expect(await get(`evil.example.com:${port}`)).toBe(403);
    expect(await get(`127.0.0.1:${port}`)).toBe(200);
    expect(await get(`localhost:${port}`)).toBe(200);
  });
});

describe('isLoopbackHost: the one loopback Host judgement', () => {
  it('accepts only the machine’s own names, with any port', () => {
    for (const host of LOCAL_HOSTS) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of REBOUND_HOSTS) expect(isLoopbackHost(host), host).toBe(false);
    expect(isLoopbackHost(undefined)).toBe(false);
    expect(isLoopbackHost('')).toBe(false);
    expect(isLoopbackHost('localhost:')).toBe(false);
    expect(isLoopbackHost('localhost:3000:3000')).toBe(false);
    expect(isLoopbackHost('::1')).toBe(false); // an IPv6 host is bracketed in a Host header
  });
});
