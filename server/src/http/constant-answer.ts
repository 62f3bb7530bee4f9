import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.ts';

export const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Serialized success envelopes of answers that never change (the menu trees), one per constant
 * `key` object: checked against the route's response schema and stringified the first time,
 * then the same string every time. Fastify sends a string with a JSON content type as it is, so
 * a route answering `reply.type(JSON_UTF8).send(json)` skips the per-request zod encode and
 * JSON.stringify (issue 10: 9% of the menu's CPU), not the check.
 */
export function constantAnswers<K extends object>(
  schema: z.ZodType,
  answerOf: (key: K) => unknown,
): (key: K) => string {
  const cache = new WeakMap<K, string>();
  return (key) => {
    let json = cache.get(key);
    if (json === undefined) {
      json = JSON.stringify(schema.encode(ok(answerOf(key))));
      cache.set(key, json);
    }
    return json;
  };
}

/** Sends an already serialized JSON answer as it is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type(JSON_UTF8).send(json);
