import { ErrorCode, type FieldError } from '@dc/contract';
import type { MessageKey, Translate } from '../locales/index.ts';
import {
  type ApiRequestError,
  fieldErrorsOf,
  isApiRequestError,
  isRequestCancelled,
} from '../request/index.ts';

/** An antd `Form.setFields` entry. */
export interface FieldFailure {
  name: string[];
  errors: string[];
}

/**
 * The server's field notes of 40000 are written for developers, in English. The ones a visitor
 * can meet on these forms are said in the visitor's language; any other is shown as it is.
 */
const knownFieldNotes: ReadonlyMap<string, MessageKey> = new Map([
  ['no account has this phone', 'accounts.phoneUnknown'],
  ['this phone is already registered', 'accounts.phoneTaken'],
  ['this account name is taken', 'accounts.accountTaken'],
  ['must not be the account name', 'accounts.passwordIsAccount'],
  ['too common; choose a less guessable password', 'accounts.passwordTooCommon'],
]);

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/**
 * The form fields a failed call names: a 40000's own field errors, or the field a catalogue
 * failure points at (20002 on `code`, 20004 on `phone`, 20001 on `password`). A note the visitor
 * can meet is said in the visitor's language; otherwise a 40000 shows its note as it is and a
 * catalogue failure the server's message, which the server already says in that language.
 */
export function fieldFailuresOf(error: unknown, t: Translate): FieldFailure[] {
  if (!isApiRequestError(error)) return [];
  const isValidation = error.code === ErrorCode.validation;
  const fields = isValidation ? fieldErrorsOf(error) : catalogueFieldsOf(error);
  return fields.map(({ name, errors }) => ({
    name,
    errors: errors.map((note) => {
      const key = knownFieldNotes.get(note);
      if (key) return t(key);
      return isValidation ? note : error.msg;
    }),
  }));
}

/** The `data.errors` of a catalogue failure (not 40000), in `Form.setFields` shape with the raw notes. */
function catalogueFieldsOf(error: ApiRequestError): FieldFailure[] {
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(isFieldError).map((e) => ({ name: e.path.split('.'), errors: [e.message] }));
}

/**
 * What a form does with a failed call: cancelled or already handled by the request layer
 * (20012 went to /status-info) says nothing; a failure naming fields marks them, and says the
 * message too when it is not a plain validation (a wrong code deserves to be seen at once);
 * anything else is a toast.
 */
export function reportFormFailure<F extends { name?: unknown; errors?: string[] }>(
  error: unknown,
  form: { setFields(fields: F[]): void },
  toast: (content: string) => void,
  t: Translate,
): void {
  if (isRequestCancelled(error)) return;
  if (isApiRequestError(error) && error.handled) return;
  const fields = fieldFailuresOf(error, t);
  // The names are the server's paths, the form's own field names (as with fieldErrorsOf).
  if (fields.length > 0) form.setFields(fields as F[]);
  const isPlainValidation = isApiRequestError(error) && error.code === ErrorCode.validation;
  if (fields.length > 0 && isPlainValidation) return;
  const text = error instanceof Error ? error.message : String(error);
  if (text) toast(text);
}

/**
 * The wait a 42900 answer asks for, in seconds; undefined for any other failure. The contract's
 * `rateLimitedDataSchema` says the same (a whole number of seconds, at least 1); it is not read
 * here because this module is on the login page's first paint, which carries no zod.
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isApiRequestError(error)) return undefined;
  const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter >= 1
    ? retryAfter
    : undefined;
}
