import { type Envelope, ErrorCode, type FieldError } from '@dc/contract';
import { isAxiosCancel } from './transport-errors.ts';

/**
 * A failure answered by the server in the envelope (spec section 8, "other failures reject with
 * the body"). `message` is the server's msg.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  /** The HTTP status of the answer (the server uses true statuses). */
  readonly httpStatus: number;
  /** True when the request layer already told the user (toast or redirect): show nothing more. */
  handled = false;

  constructor(
    readonly body: Envelope<unknown>,
    httpStatus: number,
  ) {
    super(body.msg);
    this.code = body.code;
    this.msg = body.msg;
    this.data = body.data;
    this.httpStatus = httpStatus;
  }
}

export type RequestErrorKind = 'empty-response' | 'transform' | 'network' | 'timeout';

/** A failure without a readable envelope: empty answer, unreadable answer, no answer, timeout. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  handled = false;

  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The rejection of a request cancelled by a newer duplicate (spec section 7), by the caller's
 * signal or by `cancelAll()`. Callers ignore it; it never shows a toast.
 */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';

  constructor() {
    super('request cancelled');
  }
}

export function isRequestCancelled(error: unknown): boolean {
  return error instanceof RequestCancelledError || isAxiosCancel(error);
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** antd `Form.setFields` entries. */
export interface FormFieldError {
  name: string[];
  errors: string[];
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/**
 * The field errors of a 40000 answer (`data.errors[{path, message}]`) in antd `Form.setFields`
 * shape; `[]` for anything else. Paths are dotted: `shop.address` → `['shop', 'address']`.
 * The result type follows the form's own (`form.setFields(fieldErrorsOf(error))` type-checks
 * against a typed `FormInstance<Values>`); the names are the server's paths as given.
 */
export function fieldErrorsOf<F extends { name?: unknown; errors?: string[] } = FormFieldError>(
  error: unknown,
): F[] {
  if (!(error instanceof ApiRequestError) || error.code !== ErrorCode.validation) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const fields: FormFieldError[] = errors
    .filter(isFieldError)
    .map((e) => ({ name: e.path.split('.'), errors: [e.message] }));
  return fields as F[];
}
