import { RequestCancelledError } from './errors.ts';
import { isNetworkError, isServerError, isTimeoutError } from './transport-errors.ts';

export interface RetryPolicy {
  /** Further attempts after the first; spec section 9 default 0. */
  count: number;
  /** Wait before each further attempt, ms; spec section 9 default 1000. */
  delay: number;
}

/**
 * Retries only what another attempt may fix: no answer at all (network error, timeout) and
 * server-side failures (5xx). Never 4xx: the same request would fail the same way.
 */
export function isRetryable(error: unknown): boolean {
  return isNetworkError(error) || isTimeoutError(error) || isServerError(error);
}

/** Waits `ms`, rejecting early with a cancel error when `signal` aborts. */
export function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new RequestCancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestCancelledError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
