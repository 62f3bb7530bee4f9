import { type Endpoint, type Envelope, endpointUrl } from '@dc/contract';
import type { z } from 'zod';
import { type CallOptions, type HttpMethod, type RawResponse, request } from '../request/index.ts';

/**
 * The typed client: every call of the console goes through `call(<area>Api.<name>, …)` with an
 * endpoint the contract declares (contract/src/endpoint.ts), so its path, parameters, body and
 * answer follow the contract, and web/test/architecture/api-calls.test.ts finds no path typed by
 * hand. The request layer (spec sections 7 to 9) does the rest.
 */

type SchemasOf<E extends Endpoint> = NonNullable<E['schemas']>;

/** No keys at all. */
type Empty = Record<never, never>;

/** An object whose keys may all be left out accepts `{}`: its part of the input is optional. */
type Part<K extends string, T> = Empty extends T ? { [P in K]?: T } : { [P in K]: T };

type ParamsPart<S> = S extends { params: infer T extends z.ZodType } ? Part<'params', z.input<T>> : unknown;
type QueryPart<S> = S extends { query: infer T extends z.ZodType } ? Part<'query', z.input<T>> : unknown;
type BodyPart<S> = S extends { form: true }
  ? { body: FormData }
  : S extends { body: infer T extends z.ZodType }
    ? Part<'body', z.input<T>>
    : unknown;

/** What a call sends: `params` for the path's `:name` parts, `query`, `body`. */
export type CallInput<E extends Endpoint> = ParamsPart<SchemasOf<E>> &
  QueryPart<SchemasOf<E>> &
  BodyPart<SchemasOf<E>>;

/** The envelope's `data` of the call's answer. */
export type CallData<E extends Endpoint> =
  SchemasOf<E> extends { data: infer T extends z.ZodType } ? z.output<T> : unknown;

/** What a call resolves with: the envelope's `data`, the raw response for PUT and PATCH (spec section 7). */
export type CallResult<E extends Endpoint> = E['method'] extends 'PUT' | 'PATCH'
  ? RawResponse<Envelope<CallData<E>>>
  : CallData<E>;

/** The query goes in `input.query`; the rest of the request options as ever. */
export type CallSettings = Omit<CallOptions, 'params'>;

type CallArgs<E extends Endpoint> =
  Empty extends CallInput<E>
    ? [input?: CallInput<E>, settings?: CallSettings]
    : [input: CallInput<E>, settings?: CallSettings];

/** Calls an endpoint of the contract. */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input, settings]: CallArgs<E>
): Promise<CallResult<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
  };
  return request.request({
    ...settings,
    method: endpoint.method.toLowerCase() as HttpMethod,
    url: endpointUrl(endpoint, params),
    ...(query === undefined ? {} : { params: query }),
    ...(body === undefined ? {} : { data: body }),
  }) as Promise<CallResult<E>>;
}
