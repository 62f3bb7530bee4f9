import fc from 'fast-check';
import { validArbitrary } from '../support/arbitraries.ts';
import { fillPath, type JsonSchema, type Operation } from '../support/openapi.ts';

/**
 * Where an operation takes a date: every field the contract's shared date fields (dates.ts)
 * declare, found through their OpenAPI `format`, and a call that is well-formed except for the
 * value put there. A date field added to any call is found and tried without editing the tests.
 */

export const DATE_FORMATS = ['date', 'month', 'wire-date-time'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
const isDateFormat = (format: unknown): format is DateFormat =>
  (DATE_FORMATS as readonly unknown[]).includes(format);

/** An ordinary in-range value of each format, for the date fields not under attack. */
export const ORDINARY_DATE: Record<DateFormat, string> = {
  date: '2026-03-01',
  month: '2026-03',
  'wire-date-time': '2026-03-01 12:00:00',
};

/** One step from a schema to the date field: a property, an array's item, or one alternative. */
type Step =
  | { kind: 'property'; name: string }
  | { kind: 'item' }
  | { kind: 'alternative'; of: 'anyOf' | 'oneOf' | 'allOf'; index: number };

export interface DateLocation {
  part: 'params' | 'query' | 'body';
  format: DateFormat;
  /** The field as the 40000 names it: `followedFrom`, `rule.children.0.from`. */
  fieldPath: string;
  /** Readable: which alternative of a union the field is in, when there are several. */
  label: string;
  steps: Step[];
}

const MAX_DEPTH = 14;

function* dateSteps(schema: JsonSchema, depth = 0): Generator<Step[]> {
  if (depth > MAX_DEPTH) return;
  if (isDateFormat(schema.format)) {
    yield [];
    return;
  }
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    for (const rest of dateSteps(property, depth + 1)) yield [{ kind: 'property', name }, ...rest];
  if (schema.items) for (const rest of dateSteps(schema.items, depth + 1)) yield [{ kind: 'item' }, ...rest];
  for (const of of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [index, alternative] of (schema[of] ?? []).entries())
      for (const rest of dateSteps(alternative, depth + 1))
        yield [{ kind: 'alternative', of, index }, ...rest];
}

function schemaAt(schema: JsonSchema, steps: Step[]): JsonSchema {
  let at = schema;
  for (const step of steps) {
    if (step.kind === 'property') at = at.properties?.[step.name] ?? {};
    else if (step.kind === 'item') at = at.items ?? {};
    else at = at[step.of]?.[step.index] ?? {};
  }
  return at;
}

/** The discriminating constants on the way (`field=followedAt op=between`), to tell alike paths apart. */
function constantsOnTheWay(schema: JsonSchema, steps: Step[]): string {
  const seen: string[] = [];
  let at = schema;
  for (const step of steps) {
    if (step.kind === 'alternative') {
      at = at[step.of]?.[step.index] ?? {};
      for (const [name, property] of Object.entries(at.properties ?? {})) {
        const constant = property.const ?? (property.enum?.length === 1 ? property.enum[0] : undefined);
        if (constant !== undefined && name !== 'type') seen.push(`${name}=${String(constant)}`);
      }
    } else at = schemaAt(at, [step]);
  }
  return seen.join(' ');
}

/** Every date field an operation takes, each once. */
export function dateLocations(op: Operation): DateLocation[] {
  const out: DateLocation[] = [];
  for (const param of op.pathParams)
    if (isDateFormat(param.schema.format))
      out.push({
        part: 'params',
        format: param.schema.format,
        fieldPath: param.name,
        label: param.name,
        steps: [],
      });
  for (const param of op.queryParams)
    if (isDateFormat(param.schema.format))
      out.push({
        part: 'query',
        format: param.schema.format,
        fieldPath: param.name,
        label: param.name,
        steps: [],
      });
  if (op.body) {
    for (const steps of dateSteps(op.body)) {
      const names = steps.flatMap((s) => (s.kind === 'property' ? [s.name] : s.kind === 'item' ? ['0'] : []));
      const format = schemaAt(op.body, steps).format as DateFormat;
      const fieldPath = names.join('.');
      const constants = constantsOnTheWay(op.body, steps);
      out.push({
        part: 'body',
        format,
        fieldPath,
        label: constants ? `${fieldPath} (${constants})` : fieldPath,
        steps,
      });
    }
  }
  return out;
}

/**
 * A value the schema takes (first of a seeded sample), every date field in it `dateValue(format)`:
 * what surrounds the field under attack. Optional properties are left out.
 */
function filler(schema: JsonSchema, dateValue: (format: DateFormat) => string, depth = 0): unknown {
  if (isDateFormat(schema.format)) return dateValue(schema.format);
  if (depth > MAX_DEPTH) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const notNull = alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!;
    return filler(notNull, dateValue, depth + 1);
  }
  if (schema.allOf?.length) return filler(schema.allOf[0]!, dateValue, depth + 1);
  if (schema.properties) {
    return Object.fromEntries(
      (schema.required ?? []).map((name) => [
        name,
        filler(schema.properties?.[name] ?? {}, dateValue, depth + 1),
      ]),
    );
  }
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const length = schema.minItems ?? 0;
    return Array.from({ length }, () => filler(schema.items ?? {}, dateValue, depth + 1));
  }
  return fc.sample(validArbitrary(schema), { seed: 20_260_316, numRuns: 1 })[0];
}

/** The value at `steps` built out of `schema`: the field under attack gets `value`, the rest `filler`. */
function buildAlong(
  schema: JsonSchema,
  steps: Step[],
  value: string,
  dateValue: (format: DateFormat) => string,
): unknown {
  const [step, ...rest] = steps;
  if (!step) return value;
  if (step.kind === 'alternative')
    return buildAlong(schema[step.of]?.[step.index] ?? {}, rest, value, dateValue);
  if (step.kind === 'item') return [buildAlong(schema.items ?? {}, rest, value, dateValue)];
  const base = (filler({ ...schema, anyOf: undefined, oneOf: undefined }, dateValue) ?? {}) as Record<
    string,
    unknown
  >;
  return { ...base, [step.name]: buildAlong(schema.properties?.[step.name] ?? {}, rest, value, dateValue) };
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The call of `op` with `value` in the field at `location`. The other date fields of the call are
 * `others` (an ordinary date, or the same value when every date of the call should be accepted).
 */
export function dateCall(
  op: Operation,
  location: DateLocation,
  value: string,
  others: 'ordinary' | 'same',
): { url: string; payload?: unknown } {
  const dateValue = (format: DateFormat) => (others === 'same' ? value : ORDINARY_DATE[format]);
  const params: Record<string, string> = {};
  for (const param of op.pathParams) {
    if (location.part === 'params' && param.name === location.fieldPath) params[param.name] = value;
    else if (isDateFormat(param.schema.format)) params[param.name] = dateValue(param.schema.format);
    else params[param.name] = param.schema.type === 'integer' ? '1' : asText(filler(param.schema, dateValue));
  }
  const query: Array<[string, string]> = [];
  for (const param of op.queryParams) {
    if (location.part === 'query' && param.name === location.fieldPath) query.push([param.name, value]);
    else if (isDateFormat(param.schema.format)) {
      if (others === 'same' || param.required) query.push([param.name, dateValue(param.schema.format)]);
    } else if (param.required) query.push([param.name, asText(filler(param.schema, dateValue))]);
  }
  const search = new URLSearchParams(query).toString();
  const url = `${fillPath(op.path, params)}${search ? `?${search}` : ''}`;
  if (!op.body) return { url };
  const payload =
    location.part === 'body'
      ? buildAlong(op.body, location.steps, value, dateValue)
      : filler(op.body, dateValue);
  return { url, payload };
}
