import { ErrorCode, type ErrorCodeValue, errorCatalogue, type Language } from '@dc/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, type ServerFieldError } from '../http/api-error.ts';
import { CLIENT_CLOSED_STATUS, isClientAbort, logClientAbort } from '../http/client-abort.ts';
import { httpMessages } from '../http/http-messages.ts';
import { issueWording, type ValidationIssue } from '../http/issue-wording.ts';
import { requestLanguage } from '../http/language.ts';
import { inLanguage, type Message, message } from '../http/messages.ts';
import { ObjectStoreUnavailableError } from '../storage/index.ts';

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

/** The data of a failure with every field message in the request's language. */
function dataInLanguage(data: unknown, language: Language): unknown {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return data;
  return {
    ...(data as object),
    errors: errors.map((error: ServerFieldError) => ({
      ...error,
      message: inLanguage(error.message, language),
    })),
  };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: FailureCode,
  msg?: Message,
  data: unknown = null,
  httpStatus?: number,
) {
  const entry = errorCatalogue[code];
  const language = requestLanguage(request.headers['accept-language']);
  const text = (msg && inLanguage(msg, language)) || entry.message[language];
  return reply
    .code(httpStatus ?? entry.httpStatus)
    .type('application/json; charset=utf-8')
    .send({ code, status: 1, msg: text, data: dataInLanguage(data, language) });
}

function zodFieldErrors(error: FastifyError): ServerFieldError[] {
  const issues = (error.validation ?? []) as ValidationIssue[];
  return issues.map((issue) => {
    const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
    // Unknown fields of a strict object: name the field itself, not its parent.
    const keys = issue.params?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys[0]) parts.push(String(keys[0]));
    const path = parts.join('.') || (error.validationContext ?? 'body');
    return { path, message: issueWording(path, issue) };
  });
}

/** A field message as the envelope's message: it names the field (most schema messages do already). */
function namingTheField({ path, message: said }: ServerFieldError): Message {
  if (typeof said === 'string') return said.includes(path) ? said : `${path}: ${said}`;
  const named = (language: Language) =>
    said[language].includes(path)
      ? said[language]
      : message(httpMessages.fieldMessage, { field: path, message: said[language] })[language];
  return { 'zh-CN': named('zh-CN'), 'en-US': named('en-US') };
}

/**
 * One place turns every failure into the envelope with a true HTTP status: thrown ApiErrors,
 * schema validation, body parsing, database outages and bugs (logged, never echoed).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    if (thrown instanceof ApiError) {
      const error = thrown;
      return send(request, reply, error.code, error.wording ?? error.message, error.data, error.httpStatus);
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each field message names its field, so the first one is the envelope's message too.
      const errors = zodFieldErrors(error);
      return send(request, reply, ErrorCode.validation, errors[0] && namingTheField(errors[0]), { errors });
    }
    // Before the outage check: the cut request stream says ECONNRESET as a lost database does.
    if (isClientAbort(error, request)) {
      logClientAbort(request, reply);
      return reply.code(CLIENT_CLOSED_STATUS).send();
    }
    if (error instanceof ObjectStoreUnavailableError) {
      request.log.error({ err: error }, 'object store unavailable');
      return send(request, reply, ErrorCode.unavailable);
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
        httpMessages.bodyTooLarge,
        { errors: [{ path: 'body', message: httpMessages.tooLarge }] },
        413,
      );
    }
    if (status === 429) return send(request, reply, ErrorCode.rateLimited);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong media type, multipart limits: the client sent something unreadable.
      const unreadable =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? httpMessages.unsupportedContentType
          : httpMessages.malformedBody;
      return send(
        request,
        reply,
        ErrorCode.validation,
        unreadable,
        { errors: [{ path: 'body', message: unreadable }] },
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
