import type { FastifyInstance } from 'fastify';
import { API } from '../../support/test-app.ts';

/** The subset of JSON Schema that fastify-type-provider-zod emits for the contract's zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
}

interface RawParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface RawDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  /** `GET /vault/ledger/{id}`: the method and the path below the API prefix, as the tables key it. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, `/designerapi/v1/vault/ledger/{id}`. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  /** The JSON body's schema ($refs resolved), when the operation takes a body. */
  body?: JsonSchema;
  /** The body's media types; JSON first when accepted. */
  bodyTypes: string[];
}

/** Replaces every `$ref` to `#/components/schemas/…` by the schema itself (recursion cut at depth 12). */
export function resolveRefs(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
): JsonSchema {
  if (depth > 12) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolveRefs(components[name] ?? {}, components, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  const walk = (s: JsonSchema) => resolveRefs(s, components, depth + 1);
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, walk(v)]));
  }
  if (schema.items) out.items = walk(schema.items);
  if (schema.anyOf) out.anyOf = schema.anyOf.map(walk);
  if (schema.oneOf) out.oneOf = schema.oneOf.map(walk);
  if (schema.allOf) out.allOf = schema.allOf.map(walk);
  if (typeof schema.additionalProperties === 'object')
    out.additionalProperties = walk(schema.additionalProperties);
  return out;
}

const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path.slice(API.length)}`;

/** Every operation of the served OpenAPI document (GET /designerapi/docs/json). */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/designerapi/docs/json' });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: HTTP ${res.statusCode}`);
  const doc = res.json() as RawDocument;
  const components = doc.components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const params = raw.parameters ?? [];
      const content = raw.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content).sort(
        (a, b) => Number(b.includes('json')) - Number(a.includes('json')),
      );
      const bodySchema = bodyTypes[0] ? content[bodyTypes[0]]?.schema : undefined;
      operations.push({
        key: opKey(method, path),
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolveRefs(p.schema ?? {}, components) })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name,
            required: p.required === true,
            schema: resolveRefs(p.schema ?? {}, components),
          })),
        body: bodySchema ? resolveRefs(bodySchema, components) : undefined,
        bodyTypes,
      });
    }
  }
  return operations;
}

/** `/designerapi/v1/fans/{id}/images/{itemId}` with the given values put in. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+|\*)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    // A wildcard (`{*}`, an object key) spans segments: its slashes stay slashes.
    return name === '*'
      ? String(value).split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(String(value));
  });
}
