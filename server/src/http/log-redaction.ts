import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials (the SSE stream's `token`): never written to logs. */
const SECRET_QUERY_PARAMS = ['token'];

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
