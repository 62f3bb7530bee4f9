import type { FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.ts';

/** What Node reports when the client went away: the body stream cut (`aborted`), writes to a closed socket. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** The status an answer nobody received is logged with (nginx's "client closed request"). */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * `error` is the client closing the connection before the answer, not a failure of ours: the
 * request's own stream was cut (or its socket is gone) and the error is the one that says so.
 * A database connection reset while the client waits is not this (the request is intact).
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  if (typeof code !== 'string' || !CLIENT_GONE_CODES.has(code)) return false;
  const raw = request.raw;
  return raw.aborted || raw.readableAborted || raw.socket?.destroyed === true;
}

const logged = new WeakSet<FastifyReply>();

/** One info line per request the client closed before its answer; later calls for it write nothing. */
export function logClientAbort(request: FastifyRequest, reply: FastifyReply): void {
  if (logged.has(reply)) return;
  logged.add(reply);
  reply.log.info(
    {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: CLIENT_CLOSED_STATUS,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    },
    'client closed the request before the answer',
  );
}
