import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

/** Longest string a valid sample draws, so valid bodies stay small. */
const SAMPLE_STRING_MAX = 24;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

const isAnything = (schema: JsonSchema) =>
  !schema.type && !schema.anyOf && !schema.oneOf && !schema.allOf && !schema.enum && !schema.properties;

const CALENDAR_DATE = '^\\d{4}-\\d{2}-\\d{2}$';
/** Real calendar days: the contract refuses 2026-02-30 although the pattern lets it through. */
const calendarDate = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? SAMPLE_STRING_MAX, SAMPLE_STRING_MAX));
  if (schema.pattern === CALENDAR_DATE || schema.format === 'date') return calendarDate;
  // The contract's shared date fields (dates.ts): months and date-times of real days.
  if (schema.format === 'month') return calendarDate.map((day) => day.slice(0, 7));
  if (schema.format === 'wire-date-time') return calendarDate.map((day) => `${day} 12:00:00`);
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    return fc
      .stringMatching(re)
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  }
  if (schema.format === 'uri') return fc.webUrl().filter((s) => s.length <= (schema.maxLength ?? 1024));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

/** Inputs the schema accepts (the server may still refuse them for a rule, never with a 5xx). */
export function validArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const value = validCore(schema, depth);
  return schema.nullable ? fc.option(value, { nil: null, freq: 4 }) : value;
}

function validCore(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArbitrary(s, depth + 1)));
  if (schema.allOf?.length) return validArbitrary(schema.allOf[0]!, depth + 1);
  if (isAnything(schema)) return fc.jsonValue({ maxDepth: 2 });
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1_000_000,
        max: schema.maximum ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validArbitrary(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    default: {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([k, s]) => [k, validArbitrary(s, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
  }
}

/** A path into a value, as the server's 40000 names it (`chapters.0.title`). */
export type FieldPath = Array<string | number>;

export interface InvalidInput {
  value: unknown;
  /** Where the damage is; the 40000 must name it, a prefix of it, or a field under it. */
  path: FieldPath;
  what: string;
  /** False inside a union, where another branch may accept the damaged value. */
  certain: boolean;
  /** The valid sample before the damage. */
  sample: unknown;
}

/** Text no schema should choke on: NUL, a lone surrogate, bidi controls, emoji, a BOM. */
export const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u2066',
  '👩‍👩‍👧‍👦',
  '\ufeff',
  '%00',
  "'; --",
];

const deepJson = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? { d: value } : [value];
  return value;
};

/** A value of another JSON type than the schema's, or outside its range. */
function wrongValues(schema: JsonSchema): Array<{ value: unknown; what: string }> {
  const type = schema.enum ? 'enum' : (typesOf(schema)[0] ?? (schema.properties ? 'object' : undefined));
  const out: Array<{ value: unknown; what: string }> = [];
  if (type !== 'object') out.push({ value: { nested: { deeper: true } }, what: 'object instead' });
  if (type !== 'array') out.push({ value: [1, 'two', null], what: 'array instead' });
  if (type !== 'boolean') out.push({ value: true, what: 'boolean instead' });
  if (!schema.nullable) out.push({ value: null, what: 'null' });
  out.push({ value: deepJson(400), what: 'deep JSON (400 levels)' });
  if (type === 'string' || type === 'enum') {
    out.push({ value: 12345, what: 'number instead of text' });
    if (schema.maxLength !== undefined) {
      out.push({ value: 'Ω'.repeat(schema.maxLength + 1), what: 'one character too long' });
    }
    out.push({ value: 'x'.repeat(200_000), what: 'huge string' });
    if (schema.enum) out.push({ value: 'not-a-member', what: 'not in the enum' });
    if (schema.pattern) out.push({ value: '\u0000 not matching', what: 'pattern mismatch with NUL' });
  }
  if (type === 'integer' || type === 'number') {
    out.push({ value: '12', what: 'numeric text' });
    out.push({ value: 1e308, what: 'huge number' });
    out.push({ value: -1e308, what: 'huge negative number' });
    if (type === 'integer') out.push({ value: 1.5, what: 'fraction' });
    if (schema.minimum !== undefined) out.push({ value: schema.minimum - 1, what: 'below the minimum' });
    if (schema.maximum !== undefined) out.push({ value: schema.maximum + 1, what: 'above the maximum' });
  }
  if (type === 'array') {
    out.push({ value: 'not a list', what: 'text instead of a list' });
    if (schema.maxItems !== undefined && schema.maxItems < 5000) {
      out.push({ value: Array.from({ length: schema.maxItems + 1 }, () => 1), what: 'one item too many' });
    }
  }
  if (type === 'object') out.push({ value: 'not an object', what: 'text instead of an object' });
  return out;
}

/**
 * Ids are `z.coerce.number()` in the contract (path, query and body alike), so `true`, `'12'` and
 * `null` may become numbers: such damage is not certain to be refused.
 */
const COERCIBLE = ['boolean instead', 'numeric text', 'null'];
const isNumeric = (schema: JsonSchema) => ['integer', 'number'].includes(typesOf(schema)[0] ?? '');

/** Every field path of a schema (through objects and the first array item), with its schema. */
export function fieldsOf(
  schema: JsonSchema,
  path: FieldPath = [],
  inUnion = false,
  depth = 0,
): Array<{ path: FieldPath; schema: JsonSchema; inUnion: boolean }> {
  if (depth > 6) return [];
  const here = [{ path, schema, inUnion }];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) {
    // Inside a union another branch may accept what one branch refuses.
    return [...here, ...variants.flatMap((v) => fieldsOf(v, path, true, depth + 1).slice(1))];
  }
  if (schema.properties) {
    return [
      ...here,
      ...Object.entries(schema.properties).flatMap(([k, s]) => fieldsOf(s, [...path, k], inUnion, depth + 1)),
    ];
  }
  if (schema.items) return [...here, ...fieldsOf(schema.items, [...path, 0], inUnion, depth + 1)];
  return here;
}

/** `value` with `path` set to `replacement` (containers created on the way); `undefined` deletes. */
export function setAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: unknown =
    typeof head === 'number'
      ? Array.isArray(value)
        ? [...value]
        : []
      : value && typeof value === 'object' && !Array.isArray(value)
        ? { ...value }
        : {};
  const container = copy as Record<string | number, unknown>;
  const next = setAt(container[head!], rest, replacement);
  if (next === undefined && rest.length === 0) delete container[head!];
  else container[head!] = next;
  return container;
}

/**
 * Inputs the schema refuses: a valid sample with one field damaged (another type, too long, out of
 * range, deep JSON), a required field removed, or an unknown field added to a strict object.
 */
export function invalidArbitrary(schema: JsonSchema): fc.Arbitrary<InvalidInput> {
  const damages: Array<{ path: FieldPath; value: unknown; what: string; certain: boolean }> = [];
  for (const { path, schema: field, inUnion } of fieldsOf(schema)) {
    const certain = !inUnion;
    if (field.anyOf || field.oneOf) {
      damages.push({ path, value: 424242, what: 'number instead of a union member', certain });
      continue;
    }
    if (isAnything(field)) continue;
    for (const wrong of wrongValues(field)) {
      damages.push({
        path,
        ...wrong,
        certain: certain && !(isNumeric(field) && COERCIBLE.includes(wrong.what)),
      });
    }
    if (field.properties && field.additionalProperties === false) {
      damages.push({ path: [...path, 'unexpectedField'], value: 1, what: 'unknown field', certain });
    }
    for (const required of field.required ?? []) {
      damages.push({ path: [...path, required], value: undefined, what: 'required field missing', certain });
    }
  }
  const base = validArbitrary(schema);
  return fc.tuple(base, fc.constantFrom(...damages)).map(([sample, damage]) => ({
    ...damage,
    sample,
    value: setAt(sample, damage.path, damage.value),
  }));
}

/** Valid samples with hostile but acceptable text put into their free-text fields. */
export function nastyTextArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const textFields = fieldsOf(schema).filter(
    ({ schema: s }) => typesOf(s)[0] === 'string' && !s.pattern && !s.enum && !s.format,
  );
  const base = validArbitrary(schema);
  if (textFields.length === 0) return base;
  return fc
    .tuple(base, fc.constantFrom(...textFields), fc.constantFrom(...NASTY_TEXT))
    .map(([sample, field, text]) =>
      setAt(sample, field.path, text.slice(0, Math.max(field.schema.maxLength ?? text.length, 1))),
    );
}
