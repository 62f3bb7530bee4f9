import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../../oss/support/store.ts';
import { testDatabaseKind } from '../../support/test-app.ts';

/** Issue 16 point 6: the store's default CORS allows only the configured console origins. */
let t: TestStore;
beforeAll(async () => {
  // PORT 3000 as configured (the store itself on a free port), OSS_CORS_ORIGINS unset.
  t = await startTestStore({ PORT: '3000', OSS_PORT: '0', PUBLIC_URL: 'https://console.example.com/app' });
});
afterAll(() => t?.close());

function preflight(origin: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: t.store.port,
        method: 'OPTIONS',
        path: '/designer-console/designers/7/a.mp4',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT' },
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

describe.runIf(testDatabaseKind() === 'pglite')('the store CORS default', () => {
  it.each([
    'http://evil.example.com:3000',
    'http://evil.example.com:5173',
    'https://evil.example.com',
    'http://192.168.1.20:3000',
    'http://console.example.com',
    'null',
  ])('a preflight from %s is refused (403, no Allow-Origin)', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    'https://console.example.com',
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://localhost:5173',
  ])('a preflight from the console origin %s is answered', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
  });
});
