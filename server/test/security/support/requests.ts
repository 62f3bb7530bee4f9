import fc from 'fast-check';
import {
  type FieldPath,
  type InvalidInput,
  invalidArbitrary,
  NASTY_TEXT,
  nastyTextArbitrary,
  validArbitrary,
} from './arbitraries.ts';
import { fillPath, type JsonSchema, type Operation } from './openapi.ts';

const CACHE_BUSTER = '_t';

/** One generated call of an operation. */
export interface FuzzRequest {
  url: string;
  payload?: unknown;
  /** Set when the input is damaged: the part and the field the 40000 must name. */
  damage?: { part: 'body' | 'query' | 'params'; path: FieldPath; what: string; certain: boolean };
  /** The same call before the damage (its other fields may break a rule the schema cannot say). */
  undamaged?: { url: string; payload?: unknown };
}

const asQueryText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Path ids: small ones hit the session designer's rows, large ones nobody's. */
const pathValue = (schema: JsonSchema): fc.Arbitrary<string> =>
  schema.type === 'integer'
    ? fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 2_147_483_647 })).map(String)
    : validArbitrary(schema).map(asQueryText);

/** Query texts a parameter's schema refuses (`certain`) or may refuse. */
function badQueryTexts(schema: JsonSchema): Array<{ text: string; certain: boolean; what: string }> {
  const out = [
    {
      text: 'x'.repeat(5000),
      certain: schema.maxLength !== undefined || !!schema.pattern,
      what: 'huge text',
    },
    { text: '\u0000', certain: false, what: 'NUL' },
    { text: '\ud800', certain: false, what: 'lone surrogate' },
  ];
  const type = schema.anyOf || schema.oneOf ? undefined : schema.type;
  if (type === 'integer' || type === 'number') {
    out.push(
      { text: 'abc', certain: true, what: 'not a number' },
      { text: '1e400', certain: true, what: 'infinite number' },
      { text: '99999999999999999999999', certain: true, what: 'huge number' },
      { text: 'NaN', certain: true, what: 'NaN' },
    );
    if (type === 'integer') out.push({ text: '1.5', certain: true, what: 'fraction' });
    if (schema.minimum !== undefined)
      out.push({ text: String(schema.minimum - 1), certain: true, what: 'below min' });
  }
  if (schema.enum) out.push({ text: 'not-a-member', certain: true, what: 'not in the enum' });
  if (schema.pattern) out.push({ text: '%%zz', certain: true, what: 'pattern mismatch' });
  return out;
}

function urlOf(op: Operation, params: Record<string, string>, query: Array<[string, string]>): string {
  const search = new URLSearchParams(query).toString();
  return `${fillPath(op.path, params)}${search ? `?${search}` : ''}`;
}

const paramsArbitrary = (op: Operation) =>
  fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p.schema)])));

function queryArbitrary(op: Operation, nasty: boolean): fc.Arbitrary<Array<[string, string]>> {
  const entries = op.queryParams.map((p) => {
    const value = validArbitrary(p.schema).map(asQueryText);
    const text =
      nasty && p.schema.type === 'string' && !p.schema.pattern && !p.schema.enum
        ? fc.oneof(
            value,
            fc.constantFrom(...NASTY_TEXT).map((t) => t.slice(0, p.schema.maxLength ?? 10)),
          )
        : value;
    return p.required
      ? text.map((v) => [[p.name, v]] as Array<[string, string]>)
      : fc
          .option(text, { nil: undefined })
          .map((v) => (v === undefined ? [] : [[p.name, v]]) as Array<[string, string]>);
  });
  return fc.tuple(...entries).map((parts) => parts.flat());
}

/** Calls the schemas accept, some with NUL, lone surrogates and bidi text in their free text. */
export function validRequest(op: Operation, nasty: boolean): fc.Arbitrary<FuzzRequest> {
  const body = op.body
    ? nasty
      ? nastyTextArbitrary(op.body)
      : validArbitrary(op.body)
    : fc.constant(undefined);
  return fc.tuple(paramsArbitrary(op), queryArbitrary(op, nasty), body).map(([params, query, payload]) => ({
    url: urlOf(op, params, query),
    payload,
  }));
}

/** Calls with exactly one part damaged: the body, one query parameter, or one path parameter. */
export function invalidRequest(op: Operation): fc.Arbitrary<FuzzRequest> | undefined {
  const choices: Array<fc.Arbitrary<FuzzRequest>> = [];
  const valid = fc.tuple(
    paramsArbitrary(op),
    queryArbitrary(op, false),
    op.body ? validArbitrary(op.body) : fc.constant(undefined),
  );
  if (op.body) {
    choices.push(
      fc.tuple(valid, invalidArbitrary(op.body)).map(([[params, query], bad]: [unknown[], InvalidInput]) => {
        const url = urlOf(op, params as Record<string, string>, query as Array<[string, string]>);
        return {
          url,
          payload: bad.value,
          damage: { part: 'body' as const, path: bad.path, what: bad.what, certain: bad.certain },
          undamaged: { url, payload: bad.sample },
        };
      }),
    );
  }
  for (const param of op.queryParams) {
    // `_t` is the client's cache-buster (spec §7): any value is fine.
    const bad = badQueryTexts(param.schema).map((b) =>
      param.name === CACHE_BUSTER ? { ...b, certain: false } : b,
    );
    choices.push(
      fc.tuple(valid, fc.constantFrom(...bad)).map(([[params, query, payload], b]) => ({
        url: urlOf(op, params, [...query.filter(([k]) => k !== param.name), [param.name, b.text]]),
        payload,
        damage: { part: 'query' as const, path: [param.name], what: b.what, certain: b.certain },
        undamaged: { url: urlOf(op, params, query), payload },
      })),
    );
  }
  const unknownQuery = fc.tuple(valid).map(([[params, query, payload]]) => ({
    url: urlOf(op, params, [...query, ['unexpectedParam', '1'], ['page', '1'], ['page', '2']]),
    payload,
    damage: {
      part: 'query' as const,
      path: ['unexpectedParam'],
      what: 'unknown and repeated parameters',
      certain: false,
    },
  }));
  choices.push(unknownQuery);
  for (const param of op.pathParams.filter((p) => p.schema.type === 'integer')) {
    choices.push(
      fc
        .tuple(valid, fc.constantFrom('abc', '0', '-1', '1.5', '99999999999', '%00'))
        .map(([[params, query, payload], text]) => ({
          url: urlOf(op, { ...params, [param.name]: 'PLACEHOLDER' }, query).replace('PLACEHOLDER', text),
          payload,
          damage: { part: 'params' as const, path: [param.name], what: `id ${text}`, certain: true },
        })),
    );
  }
  return choices.length ? fc.oneof(...choices) : undefined;
}
