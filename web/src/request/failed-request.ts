import { RequestError } from './errors.ts';

/**
 * The last call that got no answer at all (network error or timeout), kept so the network-error
 * page can send it again once the connection is back. Answers the server gave (4xx, 5xx) are
 * not kept: sending them again would fail the same way.
 */
export interface FailedRequest {
  /** `GET`, `POST`… */
  method: string;
  /** The call's URL as the caller gave it. */
  url: string;
  /** The in-app location (path and query) when it failed, to return to after a successful retry. */
  location: string;
  /** Sends the same call again; resolves or rejects like the original. Success forgets the record. */
  retry(): Promise<unknown>;
}

/** True for failures where the server never answered, the only ones worth sending again unchanged. */
export function isNoAnswerFailure(error: unknown): boolean {
  return error instanceof RequestError && (error.kind === 'network' || error.kind === 'timeout');
}
