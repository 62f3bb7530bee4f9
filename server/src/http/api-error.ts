import type { ErrorCodeValue, FieldError } from '@dc/contract';
import { ErrorCode } from '@dc/contract';

/** A failure the client is meant to see: a catalogue code, an optional message and data. */
export class ApiError extends Error {
  constructor(
    readonly code: Exclude<ErrorCodeValue, 200>,
    message?: string,
    readonly data: unknown = null,
    /** Overrides the catalogue's HTTP status (413 for an over-large body, for instance). */
    readonly httpStatus?: number,
  ) {
    super(message ?? '');
  }
}

export const validationError = (errors: FieldError[], message?: string) =>
  new ApiError(ErrorCode.validation, message ?? errors[0]?.message, { errors });

export const notFound = (what?: string) => new ApiError(ErrorCode.notFound, what);
