import * as contract from '@dc/contract';
import { API_PREFIX, type Endpoint } from '@dc/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unreachableDatabase } from '../support/test-app.ts';

/**
 * Issue 18 point 5: web and server meet in the contract. Each call is declared once
 * (contract/src/endpoint.ts, `<area>Api` + `<area>Schemas`); the server registers it and the web
 * calls it through its typed client. This test holds the server to the declarations: a declared
 * call the server lacks (so a web call that would 404) fails here, and so does an API route that
 * no declaration names.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: unreachableDatabase() });
});
afterAll(() => t?.close());

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string';

/** Every declared call: each `<area>Api` export of the contract, as `METHOD /designerapi/v1/path`. */
function declaredCalls(): Map<string, string> {
  const calls = new Map<string, string>();
  for (const [exportName, value] of Object.entries(contract)) {
    if (!exportName.endsWith('Api') || typeof value !== 'object' || value === null) continue;
    for (const [name, call] of Object.entries(value)) {
      if (isEndpoint(call)) calls.set(`${call.method} ${API_PREFIX}${call.path}`, `${exportName}.${name}`);
    }
  }
  return calls;
}

/**
 * The server's routes from Fastify's route tree (`printRoutes`, one line per path segment, four
 * columns of indent per level), HEAD left out: Fastify adds it to every GET.
 */
function registeredRoutes(app: TestApp['app']): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(\S+?)(?: \(([^)]*)\))?$/.exec(line.slice(branch + 4).trim());
    if (!match) continue;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[1];
    stack.push(path);
    for (const method of (match[2] ?? '').split(', ').filter((m) => m && m !== 'HEAD'))
      routes.add(`${method} ${path}`);
  }
  return routes;
}

describe('Issue 18 point 5: the contract declares every call, the server registers them', () => {
  it('reads the route tree (a sanity check of the parser)', () => {
    const routes = registeredRoutes(t.app);
    expect(routes).toContain(`POST ${API_PREFIX}/login`);
    expect(routes).toContain(`PUT ${API_PREFIX}/tags/:id`);
    expect(routes).toContain(`POST ${API_PREFIX}/tags/:id/merge`);
  });

  it('every declared call is a route of the server', () => {
    const routes = registeredRoutes(t.app);
    // printRoutes loses the prefix of a wildcard route (`/image-files/*`): Fastify answers for it.
    const registered = (line: string) => {
      const [method, url] = line.split(' ') as [HTTPMethods, string];
      return routes.has(line) || t.app.hasRoute({ method, url });
    };
    const missing = [...declaredCalls()]
      .filter(([line]) => !registered(line))
      .map(([line, name]) => `${name}: ${line}`);
    expect(missing).toEqual([]);
  });

  it('every API route of the server is a declared call', () => {
    const declared = declaredCalls();
    const undeclared = [...registeredRoutes(t.app)]
      .filter((line) => line.split(' ')[1]!.startsWith(`${API_PREFIX}/`))
      .filter((line) => !declared.has(line));
    expect(undeclared).toEqual([]);
  });

  it('no call is declared twice', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [exportName, value] of Object.entries(contract)) {
      if (!exportName.endsWith('Api') || typeof value !== 'object' || value === null) continue;
      for (const [name, call] of Object.entries(value)) {
        if (!isEndpoint(call)) continue;
        const line = `${call.method} ${call.path}`;
        const other = seen.get(line);
        if (other) twice.push(`${other} and ${exportName}.${name}: ${line}`);
        seen.set(line, `${exportName}.${name}`);
      }
    }
    expect(twice).toEqual([]);
  });
});
