import { ErrorCode, type ErrorCodeValue } from '@dc/contract';
import { ApiError } from './api-error.ts';
import { fieldMessage, httpMessages } from './http-messages.ts';
import type { Message } from './messages.ts';

/**
 * A catalogue failure that names the form field it belongs to, as 40000 does:
 * `data.errors: [{path, message}]`, so the client shows it on the field. `msg` defaults to the
 * catalogue's message in the caller's language.
 */
export function fieldFailure(
  code: Exclude<ErrorCodeValue, 200>,
  path: string,
  message: Message,
  msg?: Message,
): ApiError {
  return new ApiError(code, msg, { errors: [{ path, message }] });
}

/** 40000 on one field; the envelope's message names the field. */
export const invalidField = (path: string, said: Message) =>
  fieldFailure(ErrorCode.validation, path, said, fieldMessage(path, said));

/** 20002: the code on `path` is wrong, expired, used or locked; nothing was changed. */
export const codeRejected = (path = 'code', msg?: Message) =>
  fieldFailure(ErrorCode.codeInvalid, path, httpMessages.codeWrongOrExpired, msg);

/** 20004: the phone, openid or account on `path` belongs to another account. */
export const alreadyTaken = (path: string, message: Message = httpMessages.boundToAnotherAccount) =>
  fieldFailure(ErrorCode.alreadyBound, path, message);

/** The constraint a unique violation (SQLSTATE 23505) broke, if `error` is one. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
