import { type EndpointSchemas, envelopeSchema } from '@dc/contract';
import type { z } from 'zod';

/** What a route adds to its call's schemas: its OpenAPI words, and any answer besides the 200. */
export interface RouteDoc {
  tags: readonly string[];
  summary: string;
  description?: string;
  hide?: boolean;
  consumes?: readonly string[];
  produces?: readonly string[];
  response?: Record<number, unknown>;
}

type Part<S, K extends string, As extends string> = S extends { [P in K]: infer T extends z.ZodType }
  ? { [P in As]: T }
  : unknown;

type Answer<S> = S extends { data: infer T extends z.ZodType }
  ? { 200: ReturnType<typeof envelopeSchema<T>> }
  : unknown;

/** The Fastify schema of a call: typed, so the handler's `request` and reply follow the contract. */
export type EndpointRouteSchema<S extends EndpointSchemas, D extends RouteDoc> = Omit<D, 'response'> &
  Part<S, 'params', 'params'> &
  Part<S, 'query', 'querystring'> &
  Part<S, 'body', 'body'> & { response: Answer<S> & (D extends { response: infer R } ? R : unknown) };

/**
 * A route's schema from the contract's schemas of its call (contract/src/endpoint.ts): params,
 * query and JSON body validated with them, the 200 answered in the envelope around `data`.
 */
export function endpointSchema<const S extends EndpointSchemas, const D extends RouteDoc>(
  schemas: S,
  doc: D,
): EndpointRouteSchema<S, D> {
  const { response, ...words } = doc;
  return {
    ...words,
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    response: { ...(schemas.data ? { 200: envelopeSchema(schemas.data) } : {}), ...response },
  } as unknown as EndpointRouteSchema<S, D>;
}
