import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unreachableDatabase } from './support/test-app.ts';

let t: TestApp;
// The documentation never touches the database; an unreachable one spares a copy.
beforeAll(async () => {
  t = await createTestApp({ database: unreachableDatabase() });
});
afterAll(() => t?.close());

describe('OpenAPI at /designerapi/docs (DESIGN stack: @fastify/swagger)', () => {
  it('GET /designerapi/docs/json is an OpenAPI 3 document of the API calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/designerapi/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: object } }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Designer Console API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/designerapi/v1/login',
        '/designerapi/v1/logout',
        '/designerapi/v1/health',
        '/designerapi/v1/yiDesigner/modifyInfo',
        '/designerapi/v1/vault/balance',
      ]),
    );
    expect(Object.keys(doc.paths['/designerapi/v1/yiDesigner/modifyInfo']!).sort()).toEqual(['get', 'post']);
    // §7: the login takes a form-data body; the document says so.
    expect(Object.keys(doc.paths['/designerapi/v1/login']!.post!.requestBody!.content)).toContain(
      'multipart/form-data',
    );
    // The docs routes themselves are hidden.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/designerapi/docs'))).toBe(false);
  });

  it('every $ref in the document points at a schema it defines (recursive rule trees included)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/designerapi/docs/json' })).json() as {
      components?: { schemas?: Record<string, unknown> };
    };
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(refs.length).toBeGreaterThan(0);
    const defined = Object.keys(doc.components?.schemas ?? {});
    expect(refs.filter((name) => !defined.includes(name!))).toEqual([]);
  });

  it('GET /designerapi/docs is an HTML page listing the operations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/designerapi/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).toContain('<code>POST</code></td><td><code>/designerapi/v1/login</code>');
    expect(res.body).toContain('href="/designerapi/docs/json"');
    expect(res.body).not.toContain('<script');
  });
});
