import type { ErrorCodeValue } from '@dc/contract';
import { ErrorCode } from '@dc/contract';
import type { Message, Wording } from './messages.ts';

/** A field a failure names; the message is worded in every language until the answer picks one. */
export interface ServerFieldError {
  path: string;
  message: Message;
}

/** A failure the client is meant to see: a catalogue code, an optional message and data. */
export class ApiError extends Error {
  /** The message in every language; the error handler answers the request's (`message` is the English). */
  readonly wording?: Wording;

  constructor(
    readonly code: Exclude<ErrorCodeValue, 200>,
    message?: Message,
    readonly data: unknown = null,
    /** Overrides the catalogue's HTTP status (413 for an over-large body, for instance). */
    readonly httpStatus?: number,
  ) {
    super(typeof message === 'object' ? message['en-US'] : (message ?? ''));
    if (typeof message === 'object') this.wording = message;
  }
}

export const validationError = (errors: ServerFieldError[], message?: Message) =>
  new ApiError(ErrorCode.validation, message ?? errors[0]?.message, { errors });

export const notFound = (what?: Message) => new ApiError(ErrorCode.notFound, what);
