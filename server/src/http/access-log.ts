import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactUrl } from './log-redaction.ts';

/**
 * One log line per answered request: method, URL without secrets, status and milliseconds,
 * written when the answer has gone. Fastify's default writes two lines a request, and a
 * synchronous log write costs as much server CPU as a database round trip (profile of GET /fans:
 * 12 % of the request's CPU was log writes; bench/RESULTS.md).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
