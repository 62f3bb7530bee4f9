import {
  ErrorCode,
  type ErrorCodeValue,
  errorCatalogue,
  type FieldError,
  type Language,
  type LocalizedIssueParams,
} from '@dc/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../http/api-error.ts';
import { CLIENT_CLOSED_STATUS, isClientAbort, logClientAbort } from '../http/client-abort.ts';
import { requestLanguage } from '../http/language.ts';

type FailureCode = Exclude<ErrorCodeValue, 200>;

/** Errors that mean "the database is not there right now" rather than "this query is wrong". */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now).
      if (code.startsWith('08') || /^57P0[123]$/.test(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    // node-postgres pool and client failures (a client whose connection broke while checked out
    // is "not queryable"); an embedded PGlite that was closed (shut down).
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|^PGlite is closed/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: FailureCode,
  msg?: string,
  data: unknown = null,
  httpStatus?: number,
) {
  const entry = errorCatalogue[code];
  const message = msg || entry.message[requestLanguage(request.headers['accept-language'])];
  return reply
    .code(httpStatus ?? entry.httpStatus)
    .type('application/json; charset=utf-8')
    .send({ code, status: 1, msg: message, data });
}

function zodFieldErrors(error: FastifyError, language: Language): FieldError[] {
  const issues = (error.validation ?? []) as Array<{
    keyword?: string;
    instancePath?: string;
    message?: string;
    params?: { keys?: string[]; params?: Partial<LocalizedIssueParams> };
  }>;
  return issues.map((issue) => {
    const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
    // Unknown fields of a strict object: name the field itself, not its parent.
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys?.[0]) parts.push(issue.params.keys[0]);
    return {
      path: parts.join('.') || (error.validationContext ?? 'body'),
      // A contract field that words its message in both languages (the shared date field) answers in the request's.
      message: issue.params?.params?.localizedMessage?.[language] ?? issue.message ?? 'invalid',
    };
  });
}

/**
 * One place turns every failure into the envelope with a true HTTP status: thrown ApiErrors,
 * schema validation, body parsing, database outages and bugs (logged, never echoed).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    if (thrown instanceof ApiError) {
      const error = thrown;
      return send(request, reply, error.code, error.message, error.data, error.httpStatus);
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = zodFieldErrors(error, requestLanguage(request.headers['accept-language']));
      return send(request, reply, ErrorCode.validation, `${errors[0]?.path}: ${errors[0]?.message}`, {
        errors,
      });
    }
    // Before the outage check: the cut request stream says ECONNRESET as a lost database does.
    if (isClientAbort(error, request)) {
      logClientAbort(request, reply);
      return reply.code(CLIENT_CLOSED_STATUS).send();
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(request, reply, ErrorCode.unavailable);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return send(
        request,
        reply,
        ErrorCode.validation,
        'request body too large',
        { errors: [{ path: 'body', message: 'too large' }] },
        413,
      );
    }
    if (status === 429) return send(request, reply, ErrorCode.rateLimited);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong media type, multipart limits: the client sent something unreadable.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported content type' : 'malformed body';
      return send(
        request,
        reply,
        ErrorCode.validation,
        message,
        { errors: [{ path: 'body', message }] },
        status,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, ErrorCode.internal);
  });
});

/** The envelope 40400 for an unknown route. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, ErrorCode.notFound);
}
