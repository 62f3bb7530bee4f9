import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import {
  CREDENTIAL_QUERY_PARAMS,
  isCredentialParam,
  redactUrl,
  requestLogSerializers,
} from '../../../src/http/log-redaction.ts';
import { API, createDesigner, openTestDatabase, unreachableDatabase } from '../../support/test-app.ts';

/**
 * Issue 16 (LOW): `/notifications/stream?authToken=…` wrote the live token to the log (only
 * `token` was redacted), and a client that hung up mid-request was logged as "database
 * unavailable" at error level.
 */
type LogLine = Record<string, unknown> & { level: number; msg: string };

async function loggingApp(database: DatabaseHandle) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'info' }),
    database,
    logger: { level: 'info', serializers: requestLogSerializers, stream },
  });
  return { app, lines };
}

const SECRET = 'Zq9-live-credential-7Xk';

describe('log redaction: one list of credential-bearing query parameters', () => {
  it('every listed parameter is redacted, whatever its case or percent-encoding', () => {
    for (const name of CREDENTIAL_QUERY_PARAMS) {
      for (const written of [
        name,
        name.toUpperCase(),
        encodeURIComponent(name).replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`),
      ]) {
        const url = `/x?a=1&${written}=${SECRET}&b=2`;
        expect(redactUrl(url), written).toBe(`/x?a=1&${written}=redacted&b=2`);
      }
    }
  });

  it('the stream’s authToken, signed object links (OSS V1/V4, S3 X-Amz-*) and the scan flow lose their values', () => {
    const urls = [
      `${API}/notifications/stream?authToken=${SECRET}&_t=5`,
      `${API}/notifications/stream?AUTHTOKEN=${SECRET}`,
      `/bucket/designers/2/a.png?OSSAccessKeyId=${SECRET}&Expires=1760000000&Signature=${SECRET}&security-token=${SECRET}`,
      `/bucket/a.png?x-oss-signature-version=OSS4-HMAC-SHA256&x-oss-credential=${SECRET}&x-oss-signature=${SECRET}&x-oss-security-token=${SECRET}`,
      `/bucket/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${SECRET}&X-Amz-Signature=${SECRET}&X-Amz-Security-Token=${SECRET}`,
      `${API}/codePcRegister?ticket=${SECRET}&resigner_id=${SECRET}&password=${SECRET}&code=${SECRET}`,
      `${API}/scan/callback?code=${SECRET}&state=${SECRET}`,
      `${API}/x?access_token=${SECRET}&client_secret=${SECRET}&api_key=${SECRET}&sig=${SECRET}`,
      `${API}/x?token=${SECRET}&token=${SECRET}`,
      `${API}/x?%E0=${SECRET}`,
      `${API}/x?+token=${SECRET}`,
    ];
    for (const url of urls) expect(redactUrl(url), url).not.toContain(SECRET);
  });

  it('everything else is kept as written', () => {
    expect(redactUrl(`${API}/fans?page=2&keyword=a+b%20c&sortBy=followedAt`)).toBe(
      `${API}/fans?page=2&keyword=a+b%20c&sortBy=followedAt`,
    );
    expect(redactUrl(`${API}/menu`)).toBe(`${API}/menu`);
    expect(redactUrl(`${API}/menu?flag`)).toBe(`${API}/menu?flag`);
    expect(isCredentialParam('Expires')).toBe(false);
    expect(isCredentialParam('keyword')).toBe(false);
  });

  describe('through the server’s own log', () => {
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let lines: LogLine[];
    beforeAll(async () => {
      database = await openTestDatabase();
      ({ app, lines } = await loggingApp(database));
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('GET /notifications/stream?authToken=<live token> writes no token to the log (refused: 40000 on authToken)', async () => {
      await createDesigner(database.db, { account: 'logged', password: 'logged-pass-2026' });
      const login = await app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { account: 'logged', password: 'logged-pass-2026' },
      });
      const token = login.json().data.token as string;
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `${API}/notifications/stream?authToken=${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 40000, data: { errors: [{ path: 'authToken' }] } });
      // An unknown route and a failing one too.
      await app.inject({
        method: 'GET',
        url: `${API}/no-such-route?token=${token}&X-Amz-Signature=${token}`,
      });
      await app.inject({ method: 'GET', url: `/no-such-page?authToken=${token}` });
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(lines)).not.toContain(token);
      expect(JSON.stringify(lines)).toContain('authToken=redacted');
    });
  });
});

describe('a client abort is logged as one, at info', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let lines: LogLine[];
  let port: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, lines } = await loggingApp(database));
    await createDesigner(database.db, { account: 'quitter', password: 'quitter-pass-2026' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Sends `head` and `body` over a raw socket and hangs up `afterMs` later, without reading. */
  async function hangUp(head: string, body: string, afterMs: number) {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head + body);
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    socket.destroy();
    await waitFor(() => lines.some((line) => line.msg.startsWith('client closed')));
  }

  async function waitFor(condition: () => boolean, ms = 3000) {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // A little longer: anything else the abort causes would be logged by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const post = (path: string, length: number) =>
    `POST ${API}${path}?authToken=${SECRET} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('a body cut off half way: one info line "client closed the request", not "database unavailable" at error', async () => {
    lines.length = 0;
    await hangUp(post('/login', 1000), '{"account":"quit', 150);
    const aborts = lines.filter((line) => line.msg.startsWith('client closed'));
    expect(aborts).toHaveLength(1);
    expect(aborts[0]).toMatchObject({ level: 30, method: 'POST', statusCode: 499 });
    expect(aborts[0]!.url).toBe(`${API}/login?authToken=redacted`);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('database unavailable');
  });

  it('a multipart or form body cut off half way: the same one info line, no error', async () => {
    for (const type of ['multipart/form-data; boundary=XyZ', 'application/x-www-form-urlencoded']) {
      lines.length = 0;
      const head = `POST ${API}/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: 5000\r\n\r\n`;
      const body = type.startsWith('multipart')
        ? '--XyZ\r\nContent-Disposition: form-data; name="account"\r\n\r\nquit'
        : 'account=quit';
      await hangUp(head, body, 150);
      expect(
        lines.filter((line) => line.msg.startsWith('client closed')),
        type,
      ).toHaveLength(1);
      expect(
        lines.filter((line) => line.level >= 40),
        type,
      ).toEqual([]);
    }
  });

  it('a hang-up while the handler works (a password being checked): one info line, no error', async () => {
    lines.length = 0;
    const body = JSON.stringify({ account: 'quitter', password: 'quitter-pass-2026' });
    await hangUp(post('/login', Buffer.byteLength(body)), body, 5);
    const aborts = lines.filter((line) => line.msg.startsWith('client closed'));
    expect(aborts).toHaveLength(1);
    expect(aborts[0]).toMatchObject({ level: 30, method: 'POST' });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });

  it('an answered request is still one "request completed" line, and no abort', async () => {
    lines.length = 0;
    const res = await fetch(`http://127.0.0.1:${port}${API}/health`);
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);
    expect(lines.some((line) => line.msg.startsWith('client closed'))).toBe(false);
  });

  it('a database that is really down is still "database unavailable" (50300) at error', async () => {
    const down = await loggingApp(unreachableDatabase());
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { account: 'anyone', password: 'whatever-2026' },
      });
      expect(res.json().code).toBe(50300);
      expect(down.lines.some((line) => line.level === 50 && line.msg === 'database unavailable')).toBe(true);
      expect(down.lines.some((line) => line.msg.startsWith('client closed'))).toBe(false);
    } finally {
      await down.app.close();
    }
  });
});
