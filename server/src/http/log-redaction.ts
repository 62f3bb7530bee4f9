import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials, never written to logs: the SSE stream's `token`; the
 * scan flow's `ticket`, `resigner_id`, OAuth `code`; POST codePcRegister's `password` and `code`
 * (spec section 7 puts that call's fields in the query).
 */
const SECRET_QUERY_PARAMS = ['token', 'ticket', 'resigner_id', 'code', 'password', 'state'];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of SECRET_QUERY_PARAMS) if (params.has(name)) params.set(name, 'redacted');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** pino serializers for request logs: the URL without secrets, no headers (they hold authToken). */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
