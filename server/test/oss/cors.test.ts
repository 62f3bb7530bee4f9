import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originPolicy } from '../../src/oss/cors.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { ossRequest, startTestStore, type TestStore } from './support/store.ts';

const CONSOLE = 'http://console.example.com:3000';
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ OSS_CORS_ORIGINS: `${CONSOLE}, https://console.example.com/` });
});
afterAll(() => t?.close());

/** A preflight as a browser sends it (fetch would not let us set these headers). */
function preflight(origin: string, method: string, requestHeaders?: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const headers: Record<string, string> = { Origin: origin, 'Access-Control-Request-Method': method };
    if (requestHeaders) headers['Access-Control-Request-Headers'] = requestHeaders;
    const request = http.request(
      {
        host: '127.0.0.1',
        port: t.store.port,
        method: 'OPTIONS',
        path: '/designer-console/designers/7/a.mp4?partNumber=1&uploadId=X',
        headers,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe.runIf(testDatabaseKind() === 'pglite')('CORS for the console origin', () => {
  it('a preflight from the console: methods, the asked headers (Authorization included) and ETag exposed', async () => {
    const answer = await preflight(
      CONSOLE,
      'PUT',
      'authorization,content-type,x-oss-date,x-oss-security-token',
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': CONSOLE,
      'access-control-allow-methods': 'GET, PUT, POST, DELETE, HEAD',
      'access-control-allow-headers': 'authorization,content-type,x-oss-date,x-oss-security-token',
      'access-control-expose-headers': 'ETag, x-oss-request-id',
    });
    expect(answer.headers.vary).toContain('Origin');
  });

  it('a preflight from another origin, or for another method → 403 AccessForbidden, no CORS headers', async () => {
    const other = await preflight('http://evil.example.com', 'PUT');
    expect(other.statusCode).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(CONSOLE, 'PATCH')).statusCode).toBe(403);
  });

  it('the actual request from the console carries Allow-Origin and exposes ETag; from elsewhere it does not', async () => {
    const credentials = t.credentialsFor(7);
    const fromConsole = await ossRequest(t.endpoint, {
      method: 'PUT',
      key: 'designers/7/cors.bin',
      body: Buffer.from('x'),
      headers: { Origin: 'https://console.example.com' },
      credentials,
    });
    expect(fromConsole.headers).toMatchObject({
      'access-control-allow-origin': 'https://console.example.com',
      'access-control-expose-headers': 'ETag, x-oss-request-id',
    });
    expect(fromConsole.headers.etag).toBeDefined();
    // Errors carry CORS too, or a browser could not read the OSS error code (an expired token).
    const error = await ossRequest(t.endpoint, {
      method: 'PUT',
      key: 'designers/8/cors.bin',
      body: Buffer.from('x'),
      headers: { Origin: CONSOLE },
      credentials,
    });
    expect([error.status, error.headers['access-control-allow-origin']]).toEqual([403, CONSOLE]);
    const elsewhere = await ossRequest(t.endpoint, {
      method: 'GET',
      key: 'designers/7/cors.bin',
      headers: { Origin: 'http://evil.example.com' },
      credentials,
    });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.runIf(testDatabaseKind() === 'pglite')(
  'the default origin policy: the console (PUBLIC_URL) and, on loopback, its port and Vite 5173',
  () => {
    const allowed = originPolicy({ port: 3000, ossCorsOrigins: undefined });
    it.each([
      ['http://localhost:3000', true],
      ['http://127.0.0.1:3000', true],
      // Issue 16: any host on the console's port was allowed; only loopback names are now.
      ['http://192.168.1.20:3000', false],
      ['http://evil.example.com:3000', false],
      ['http://evil.example.com:5173', false],
      ['http://localhost:5173', true],
      ['http://localhost:3001', false],
      ['http://localhost', false],
      ['null', false],
      ['file://x:3000', false],
    ])('%s → %s', (origin, expected) => {
      expect(allowed(origin)).toBe(expected);
    });

    it('OSS_CORS_ORIGINS=* allows every origin', () => {
      expect(originPolicy({ port: 3000, ossCorsOrigins: '*' })('http://anything:1')).toBe(true);
    });
  },
);
