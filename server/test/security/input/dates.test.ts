import { dateProblem } from '@dc/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createDesigner,
  createTestApp,
  loginAs,
  type TestApp,
  unreachableDatabase,
} from '../../support/test-app.ts';
import { type JsonSchema, loadOperations, type Operation } from '../support/openapi.ts';
import { type DateFormat, type DateLocation, dateCall, dateLocations } from './date-locations.ts';

/**
 * Issue 16 item 6: `followedFrom=0000-01-01` reached PostgreSQL and answered 50000. Every date
 * field of every call, found in the OpenAPI document (so a new one is tried without editing this
 * file), refuses years outside 1900-2199 with 40000 naming the field, in the request's language,
 * and takes the first and the last day of that range.
 */

const SHAPE: Record<DateFormat, 'date' | 'month' | 'dateTime'> = {
  date: 'date',
  month: 'month',
  'wire-date-time': 'dateTime',
};
const OUT_OF_RANGE: Record<DateFormat, string[]> = {
  date: ['0000-01-01', '1899-12-31', '2200-01-01'],
  month: ['0000-01', '1899-12', '2200-01'],
  'wire-date-time': ['0000-01-01 00:00:00', '1899-12-31 23:59:59', '2200-01-01 00:00:00'],
};
const IN_RANGE: Record<DateFormat, string[]> = {
  date: ['1900-01-01', '2199-12-31'],
  month: ['1900-01', '2199-12'],
  'wire-date-time': ['1900-01-01 00:00:00', '2199-12-31 23:59:59'],
};
const LANGUAGES = [
  { header: 'en-US,en;q=0.9', language: 'en-US' },
  { header: 'zh-CN,zh;q=0.9', language: 'zh-CN' },
] as const;

/** Calls not tried here, with the reason (none so far: every date field is reachable). */
const NOT_TRIED: Record<string, string> = {};

const operations = await (async () => {
  const docs = await createTestApp({ database: unreachableDatabase() });
  try {
    return await loadOperations(docs.app);
  } finally {
    await docs.close();
  }
})();
const withDates = operations
  .filter((op) => !NOT_TRIED[op.key])
  .map((op) => ({ op, locations: dateLocations(op) }))
  .filter(({ locations }) => locations.length > 0);

let t: TestApp;
let token: string;
/** HTTP statuses of the in-range calls: most must be answered, not refused for another field. */
const inRangeStatuses: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await createDesigner(t.db, { account: 'datetester', password: 'date-pass-2026', nickname: 'Dates' });
  token = await loginAs(t.app, 'datetester', 'date-pass-2026');
}, 120_000);
afterAll(async () => {
  console.info(`dates: in-range calls answered ${JSON.stringify(inRangeStatuses)}`);
  await t?.close();
});

function send(op: Operation, call: { url: string; payload?: unknown }, language: string) {
  return t.app.inject({
    method: op.method,
    url: call.url,
    headers: { ...authHeader(token), 'accept-language': language },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

const fieldErrorsOf = (res: LightMyRequestResponse): Array<{ path: string; message: string }> => {
  // A CSV export that took the dates answers the file, not the envelope.
  if (!String(res.headers['content-type']).includes('json')) return [];
  const body = res.json() as { data?: { errors?: Array<{ path: string; message: string }> } | null };
  return body.data?.errors ?? [];
};

describe('every date field of every call', () => {
  it('finds the date fields the attack used (fans, ledger, sales analytics, a pack rule) and more', () => {
    const found = new Set(
      withDates.flatMap(({ op, locations }) => locations.map((l) => `${op.key} ${l.part}:${l.fieldPath}`)),
    );
    for (const expected of [
      'GET /fans query:followedFrom',
      'GET /vault/ledger query:dateFrom',
      'GET /analytics/sales/{type}/{dateType} query:start',
      'GET /analytics/sales/{type}/{dateType}/{createdAt} params:createdAt',
      'POST /crowd-packs/count body:rule.children.0.from',
      'PUT /crowd-packs/{id} body:rule.children.0.to',
      'POST /contracts body:startDate',
      'GET /user-courses query:from',
      'GET /partners/{id}/dividends query:periodFrom',
    ])
      expect(found, expected).toContain(expected);
    console.info(`dates: ${found.size} date fields in ${withDates.length} calls`);
  });

  describe.each(withDates.map(({ op, locations }) => [op.key, op, locations] as const))(
    '%s',
    (_key, op, locations: DateLocation[]) => {
      it.each(locations.map((location) => [location.label, location] as const))(
        'a year outside 1900-2199 in %s is 40000 naming the field, in the request language, never a 500',
        async (_label, location) => {
          for (const [index, value] of OUT_OF_RANGE[location.format].entries()) {
            const { header, language } = LANGUAGES[index % LANGUAGES.length]!;
            const res = await send(op, dateCall(op, location, value, 'ordinary'), header);
            expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
            expect(res.json().code).toBe(40000);
            const expected = dateProblem(SHAPE[location.format], value);
            expect(fieldErrorsOf(res), value).toContainEqual({
              path: location.fieldPath,
              message: expected?.[language],
            });
          }
        },
      );

      it.each(locations.map((location) => [location.label, location] as const))(
        'the first and the last day of 1900-2199 in %s are taken',
        async (_label, location) => {
          for (const value of IN_RANGE[location.format]) {
            const res = await send(op, dateCall(op, location, value, 'same'), 'en');
            expect(res.statusCode, `${value}: ${res.body}`).toBeLessThan(500);
            inRangeStatuses[res.statusCode] = (inRangeStatuses[res.statusCode] ?? 0) + 1;
            expect(
              fieldErrorsOf(res).filter((e) => e.path === location.fieldPath),
              `${value}: ${res.body}`,
            ).toEqual([]);
          }
        },
      );
    },
  );
});

/** Names that say "date" on a field the shared date field does not declare. */
const DATE_NAME =
  /(^(start|end|from|to|until|since|date|day|month|period|birthday)$)|[a-z](Date|At|From|To|Day|Month|Until)$/;
const DATE_PATTERN = /\\d\{4\}|\(19\|20/;

function* stringFields(schema: JsonSchema, path: string, depth = 0): Generator<[string, JsonSchema]> {
  if (depth > 12) return;
  if (schema.type === 'string') yield [path, schema];
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    yield* stringFields(property, path ? `${path}.${name}` : name, depth + 1);
  if (schema.items) yield* stringFields(schema.items, `${path}.0`, depth + 1);
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    yield* stringFields(alternative, path, depth + 1);
}

it('no call takes a date through a field of its own instead of the shared date field', () => {
  const handRolled = new Set<string>();
  for (const op of operations) {
    const fields: Array<[string, JsonSchema]> = [
      ...op.pathParams.map((p) => [p.name, p.schema] as [string, JsonSchema]),
      ...op.queryParams.map((p) => [p.name, p.schema] as [string, JsonSchema]),
      ...(op.body ? [...stringFields(op.body, '')] : []),
    ];
    for (const [path, schema] of fields) {
      if (schema.type !== 'string' || schema.enum || schema.format) continue;
      const name = path.split('.').pop() ?? '';
      if (DATE_NAME.test(name) || DATE_PATTERN.test(schema.pattern ?? ''))
        handRolled.add(`${op.key} ${path}`);
    }
  }
  expect([...handRolled]).toEqual([]);
});
