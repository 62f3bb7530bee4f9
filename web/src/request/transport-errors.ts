import type { AxiosError } from 'axios';

/**
 * axios's own `isAxiosError` and `isCancel`, by the marks axios puts on its errors: importing
 * them from axios would load all of axios with the first page, before any request is made.
 */
export function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** A cancellation by axios (its CanceledError carries `__CANCEL__`). */
export function isAxiosCancel(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && Boolean((error as { __CANCEL__?: unknown }).__CANCEL__)
  );
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);
const NETWORK_CODES = new Set(['ERR_NETWORK', 'ECONNREFUSED', 'ECONNRESET']);

/** No answer within the timeout. */
export function isTimeoutError(error: unknown): boolean {
  return isAxiosError(error) && !error.response && TIMEOUT_CODES.has(error.code ?? '');
}

/** No answer at all: offline, connection refused or reset, blocked by CORS. */
export function isNetworkError(error: unknown): boolean {
  return isAxiosError(error) && !error.response && NETWORK_CODES.has(error.code ?? '');
}

/** An answer with a 5xx status. */
export function isServerError(error: unknown): boolean {
  return isAxiosError(error) && (error.response?.status ?? 0) >= 500;
}
