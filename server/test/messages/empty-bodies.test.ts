import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type JsonSchema, loadOperations, type Operation } from '../security/support/openapi.ts';
import {
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  type TestApp,
  unreachableDatabase,
} from '../support/test-app.ts';

/**
 * Issue 17 point 5: no raw validator text reaches a person. Every write call of the OpenAPI
 * document (found there, so a new one is tried without editing this file) gets an empty body, and
 * every read call its required query left out, under `Accept-Language: zh-CN`: each 40000 answers
 * in Chinese, naming the field, and no message carries zod's English ("Invalid input: expected
 * number, received NaN").
 */

const RAW_VALIDATOR_TEXT = /invalid input|expected|received|too small|too big|invalid (string|type|option)/i;
const CHINESE = /[\u4e00-\u9fff]/;

const operations = await (async () => {
  const docs = await createTestApp({ database: unreachableDatabase() });
  try {
    return await loadOperations(docs.app);
  } finally {
    await docs.close();
  }
})();

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const tried = operations.filter(
  (op) => (WRITES.has(op.method) && op.body) || op.queryParams.some((param) => param.required),
);

/** A path value the route's schema takes: its first enum value, else an id. */
const pathValue = (schema: JsonSchema): string | number =>
  (schema.enum?.[0] as string | undefined) ?? (schema.type === 'string' && !schema.pattern ? 'x' : 1);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await createDesigner(t.db, { account: 'emptybodies', password: 'empty-pass-2026', nickname: 'Empty' });
  token = await loginAs(t.app, 'emptybodies', 'empty-pass-2026');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function call(op: Operation): Promise<LightMyRequestResponse> {
  const url = fillPath(
    op.path,
    Object.fromEntries(op.pathParams.map((param) => [param.name, pathValue(param.schema)])),
  );
  const json = op.bodyTypes.some((type) => type.includes('json'));
  return t.app.inject({
    method: op.method,
    url,
    headers: { ...authHeader(token), 'accept-language': 'zh-CN,zh;q=0.9' },
    ...(WRITES.has(op.method) && op.body ? (json ? { payload: {} } : {}) : {}),
  });
}

interface Answer {
  code: number;
  msg: string;
  data?: { errors?: Array<{ path: string; message: string }> } | null;
}

describe('every call with an empty body or its required query left out, under zh-CN', () => {
  it('finds write calls in every area of the console', () => {
    expect(tried.length).toBeGreaterThan(50);
  });

  it.each(tried.map((op) => [op.key, op] as const))(
    '%s answers in Chinese without raw validator text',
    async (_key, op) => {
      const res = await call(op);
      if (!String(res.headers['content-type']).includes('json')) return;
      const body = res.json() as Answer;
      const messages = [body.msg, ...(body.data?.errors ?? []).map((error) => error.message)];
      for (const text of messages) expect(text, res.body).not.toMatch(RAW_VALIDATOR_TEXT);
      if (body.code === 40000) {
        for (const text of messages) expect(text, res.body).toMatch(CHINESE);
        for (const error of body.data?.errors ?? []) expect(error.message, res.body).toContain(error.path);
      }
    },
  );
});
