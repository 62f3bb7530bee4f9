import { isAxiosError } from 'axios';

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
