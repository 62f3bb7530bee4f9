import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { isClientAbort, logClientAbort } from './client-abort.ts';
import { redactUrl } from './log-redaction.ts';

/**
 * One log line per answered request: method, URL without secrets, status and milliseconds,
 * written when the answer has gone. Fastify's default writes two lines a request, and a
 * synchronous log write costs as much server CPU as a database round trip (profile of GET /fans:
 * 12 % of the request's CPU was log writes; bench/RESULTS.md). A request the client closed before
 * its answer is one info line saying so, in whichever phase it went (body, handler, answer).
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // Closed before the answer was ended: the client hung up (the server ends every answer it gives).
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) logClientAbort(request, reply);
    });
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error && isClientAbort(error, request)) {
      logClientAbort(request, reply);
      return;
    }
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** The default 404 line would write the raw URL, query and all. */
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ method: request.method, url: redactUrl(request.url) }, 'route not found');
  }
}
