import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../http/log-redaction.ts';

/**
 * One log line per answered request: method, URL without secrets, status and milliseconds,
 * written when the answer has gone. Fastify's own request logging writes two lines a request,
 * and a synchronous log write costs as much server CPU as a database round trip (profile of
 * GET /fans: 12 % of the request's CPU was log writes; bench/RESULTS.md).
 */
export const accessLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
});
