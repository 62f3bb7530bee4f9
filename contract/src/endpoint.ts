import type { z } from 'zod';
import { API_PREFIX } from './constants.ts';

/**
 * The calls of the API, declared once per area and used by both ends (issue 18 point 5):
 *
 * - `<area>Schemas` holds each call's zod schemas: the server validates with them and answers
 *   through them (`server/src/http/endpoint-schema.ts`);
 * - `<area>Api` holds each call's method and path, typed with those schemas: the server registers
 *   its routes at these paths and the web calls them through `web/src/api/call.ts`.
 *
 * The two are kept apart so a web bundle carries only methods and paths: the schemas reach it as
 * types, and the login page stays free of zod. `server/test/architecture/endpoints.test.ts` fails
 * when the server does not register a declared call, or registers an API route nobody declared.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call sends and answers; every part is optional. */
export interface EndpointSchemas {
  /** The path's `:name` parts. */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** The body is `multipart/form-data` (an upload), read by the route itself. */
  form?: true;
  /** The envelope's `data` on success; absent when the answer is no envelope (a file, a stream). */
  data?: z.ZodType;
}

export type EndpointSchemaMap = Record<string, EndpointSchemas>;

/** `'PUT /tags/:id'`: a method and a path under API_PREFIX. */
export type EndpointLine = `${EndpointMethod} /${string}`;

type MethodOf<L extends string> = L extends `${infer M extends EndpointMethod} ${string}` ? M : never;
type PathOf<L extends string> = L extends `${EndpointMethod} ${infer P}` ? P : never;

/** One call: its method and path at run time, its schemas as types. */
export interface Endpoint<
  M extends EndpointMethod = EndpointMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
> {
  readonly method: M;
  /** The path under API_PREFIX, `:name` for a path parameter. */
  readonly path: P;
  /** Never set: carries the schemas' types to the web client. */
  readonly schemas?: S;
}

/**
 * An area's calls from their lines, typed with the area's schemas:
 * `endpointsOf<typeof tagsSchemas>()({ create: 'POST /tags', … })`. Every key of the schemas
 * needs a line.
 */
export const endpointsOf =
  <S extends EndpointSchemaMap>() =>
  <const L extends { [K in keyof S]: EndpointLine }>(
    lines: L,
  ): { readonly [K in keyof S]: Endpoint<MethodOf<L[K]>, PathOf<L[K]>, S[K]> } => {
    const calls: Record<string, Endpoint> = {};
    for (const [name, line] of Object.entries(lines) as [string, string][]) {
      const space = line.indexOf(' ');
      calls[name] = { method: line.slice(0, space) as EndpointMethod, path: line.slice(space + 1) };
    }
    return calls as { readonly [K in keyof S]: Endpoint<MethodOf<L[K]>, PathOf<L[K]>, S[K]> };
  };

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** The path parameters of a call, as the web passes them. */
export type EndpointParams<E extends Endpoint> = Input<NonNullable<E['schemas']>['params']>;

/**
 * The URL of a call, `:name` parts filled in and encoded: `/designerapi/v1/tags/5`. The query, if
 * any, is left to the caller (the request layer adds it).
 */
export function endpointUrl(endpoint: Endpoint, params?: Record<string, unknown>): string {
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*/g, (part, name?: string) => {
    const value = params?.[name ?? '*'];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for ${part}`);
    // A wildcard keeps its slashes (an object key); a named part is one segment.
    return name
      ? encodeURIComponent(String(value))
      : String(value).split('/').map(encodeURIComponent).join('/');
  });
  return `${API_PREFIX}${path}`;
}
