import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  type TestApp,
  unreachableDatabase,
} from '../support/test-app.ts';
import { loadOperations, type Operation } from './support/openapi.ts';
import { type FuzzRequest, invalidRequest, validRequest } from './support/requests.ts';
import { allRowCounts, appTables } from './support/row-counts.ts';

/**
 * Issue 11 item 2: every operation of the OpenAPI document is called with inputs generated from its
 * schemas. Valid, hostile-text and damaged inputs: never a 5xx, always the envelope; damaged ones
 * answer 40000 naming the damaged field and write nothing. Bounded for `npm test`: FUZZ_RUNS
 * (damaged inputs per operation, default 6) and a time budget after which runs shrink to 2.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const VALID_RUNS = Math.max(2, Math.round(RUNS / 3));
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_315);
const PASSWORD = 'fuzz-pass-2026';

/** Writes a refused request makes by design: the rate limiter counts attempts, refused ones too. */
const COUNTS_REFUSALS = ['rate_limit_counters'];

/** The phone's script-free pages of the scan flow answer HTML, errors included, by design. */
const HTML_PAGES = ['GET /scan/confirm', 'POST /scan/confirm'];

/** Operations not fuzzed here, with the reason. */
const NOT_FUZZED: Record<string, string> = {
  'GET /notifications/stream': 'a server-sent event stream never ends under inject (notifications.test.ts)',
};

const operations = await (async () => {
  const docs = await createTestApp({ database: unreachableDatabase() });
  try {
    return await loadOperations(docs.app);
  } finally {
    await docs.close();
  }
})();

let t: TestApp;
let token: string;
let tables: string[];
const started = Date.now();
const tried = { damaged: 0, valid: 0, operations: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await createDesigner(t.db, { account: 'fuzzer', password: PASSWORD, nickname: 'Fuzzer' });
  token = await loginAs(t.app, 'fuzzer', PASSWORD);
  tables = (await appTables(t.db)).filter((table) => !COUNTS_REFUSALS.includes(table));
  // A few rows of its own, so small path ids sometimes hit something.
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, headers: authHeader(token), payload });
  await post('/tag-classifications', { name: '风格' });
  await post('/tags', { classificationId: 1, name: '复古', color: '#123456' });
  await post('/brands', { name: '模糊测试品牌' });
  await post('/shop-addresses', {
    consignee: '测试',
    phone: '13900000009',
    region: ['310000', '310100', '310104'],
    detail: '测试路 1 号',
  });
}, 120_000);
afterAll(async () => {
  console.info(
    `fuzz: ${tried.operations} operations, ${tried.damaged} damaged + ${tried.valid} valid inputs in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await t?.close();
});

let address = 0;
/** Each call from its own client address, so the per-address login and code limits stay out of the way. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function send(op: Operation, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: op.method,
    url: request.url,
    headers: {
      ...authHeader(token),
      ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    remoteAddress: nextAddress(),
    ...(request.payload === undefined ? {} : { payload: JSON.stringify(request.payload) }),
  });
  // A call that ended the session (logout): sign in again for the next one.
  const code = safeCode(res) ?? 0;
  if ([20003, 20006, 20007].includes(code)) token = await loginAs(t.app, 'fuzzer', PASSWORD);
  return res;
}

const safeCode = (res: LightMyRequestResponse) => (safeJson(res) as { code?: number } | undefined)?.code;

const describeRequest = (op: Operation, r: FuzzRequest, res: LightMyRequestResponse) =>
  `${op.method} ${r.url.slice(0, 200)} ${JSON.stringify(r.payload)?.slice(0, 300)} ${
    r.damage ? `[${r.damage.part} ${r.damage.path.join('.')}: ${r.damage.what}]` : ''
  } → ${res.statusCode} ${res.body.slice(0, 300)} ${errorPathsOf(res)}`;

function errorPathsOf(res: LightMyRequestResponse): string {
  const errors = (safeJson(res) as { data?: { errors?: Array<{ path: string }> } } | undefined)?.data?.errors;
  return errors ? `errors at [${errors.map((e) => e.path).join(', ')}]` : '';
}

function safeJson(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

/** Never a 5xx; the envelope on every answer that is not a successful download or page. */
function expectEnvelope(op: Operation, r: FuzzRequest, res: LightMyRequestResponse) {
  const why = describeRequest(op, r, res);
  expect(res.statusCode, why).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 300 && !type.includes('json')) return undefined;
  if (HTML_PAGES.includes(op.key) && type.startsWith('text/html')) return undefined;
  const body = res.json() as { code: unknown; status: unknown; msg: unknown; data: unknown };
  expect(typeof body.code, why).toBe('number');
  expect(typeof body.msg, why).toBe('string');
  expect(body.status, why).toBe(body.code === 200 ? 0 : 1);
  return body;
}

/** The 40000 names the damaged field, a field around it, or the part as a whole. */
function namesDamage(errorPath: string, damage: NonNullable<FuzzRequest['damage']>): boolean {
  const damaged = damage.path.join('.');
  const root = { body: 'body', query: 'querystring', params: 'params' }[damage.part];
  return (
    errorPath === root ||
    errorPath === damaged ||
    damaged.startsWith(`${errorPath}.`) ||
    errorPath.startsWith(`${damaged}.`) ||
    (damaged === '' && errorPath.length > 0)
  );
}

const runs = () => (Date.now() - started > BUDGET_MS ? 2 : RUNS);

describe('§ schema-driven fuzzing of every OpenAPI operation (issue 11 item 2)', () => {
  for (const op of operations) {
    if (NOT_FUZZED[op.key]) continue;
    it(`${op.key}`, async () => {
      tried.operations++;
      const valid = fc.oneof(validRequest(op, false), validRequest(op, true));
      await fc.assert(
        fc.asyncProperty(valid, async (request) => {
          tried.valid++;
          expectEnvelope(op, request, await send(op, request));
        }),
        { numRuns: Math.min(VALID_RUNS, runs()), seed: SEED, endOnFailure: true },
      );
      const damaged = invalidRequest(op);
      if (!damaged) return;
      await fc.assert(
        fc.asyncProperty(damaged, async (request) => {
          tried.damaged++;
          const before = await allRowCounts(t.db, tables);
          const res = await send(op, request);
          const body = expectEnvelope(op, request, res);
          if (!body && HTML_PAGES.includes(op.key)) return;
          const why = describeRequest(op, request, res);
          if (request.damage?.certain) {
            expect(body?.code, why).toBe(40000);
          }
          if (body?.code === 40000) {
            const errors =
              (body.data as { errors?: Array<{ path: unknown; message: unknown }> }).errors ?? [];
            expect(errors.length, why).toBeGreaterThan(0);
            for (const e of errors) {
              expect(typeof e.path === 'string' && e.path.length > 0, why).toBe(true);
              expect(typeof e.message, why).toBe('string');
            }
            if (request.damage?.certain) {
              expect(
                errors.some((e) => namesDamage(String(e.path), request.damage!)),
                why,
              ).toBe(true);
            }
            expect(await allRowCounts(t.db, tables), `rows written by a rejected ${why}`).toEqual(before);
          }
        }),
        { numRuns: runs(), seed: SEED, endOnFailure: true },
      );
    });
  }
});
