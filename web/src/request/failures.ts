import { ERROR_TOAST_SECONDS, ErrorCode, LOGIN_ERROR_TOAST_SECONDS } from '@dc/contract';
import type { RequestDeps } from './deps.ts';
import { ApiRequestError, type RequestError } from './errors.ts';
import { type RequestMessageKey, requestMessageKeys } from './messages.ts';

export const LOGIN_PATH = '/start/login';
export const STATUS_INFO_PATH = '/status-info';
/**
 * Several requests failing together for the same reason (a page's parallel calls with an
 * expired token) produce one toast and one redirect: repeats within this window are silent.
 */
export const SESSION_FAILURE_QUIET_MS = 3_000;

/** Spec section 8: the codes that end the session with a toast and a trip to the login page. */
const loginFailureToasts: ReadonlyMap<number, RequestMessageKey> = new Map([
  [ErrorCode.accountMissing, requestMessageKeys.accountMissing],
  [ErrorCode.tokenInvalid, requestMessageKeys.loginFailed],
  [ErrorCode.notLoggedIn, requestMessageKeys.notLoggedIn],
]);

/** `/start/login?redirect=<current path and query>`. */
export function loginRedirectPath(currentLocation: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentLocation)}`;
}

function isAt(location: string, path: string): boolean {
  return location === path || location.startsWith(`${path}?`) || location.startsWith(`${path}/`);
}

export interface FailureHandlerOptions {
  deps(): RequestDeps;
  clearSession(): void;
  quietMs?: number;
}

export type FailureHandler = (error: ApiRequestError | RequestError, showErrorMessage: boolean) => void;

/**
 * The behaviour of the error catalogue (spec section 8). Marks `error.handled` when the user has
 * been told (toast or redirect).
 * - 20003: clear the token, nothing shown;
 * - 20005, 20006, 20007: clear the token, toast 1.5 s, go to the login page with a redirect;
 * - 20012: clear the token, go to /status-info (the call fails with the server message);
 * - anything else: the message as an error toast for 3 s when the call asks for it.
 */
export function createFailureHandler(options: FailureHandlerOptions): FailureHandler {
  const quietMs = options.quietMs ?? SESSION_FAILURE_QUIET_MS;
  const lastAt = new Map<string, number>();

  /** True the first time in a quiet window, false for the repeats. */
  const firstInWindow = (reason: string): boolean => {
    const now = Date.now();
    const previous = lastAt.get(reason);
    if (previous !== undefined && now - previous < quietMs) return false;
    lastAt.set(reason, now);
    return true;
  };

  return (error, showErrorMessage) => {
    const deps = options.deps();
    if (!(error instanceof ApiRequestError)) {
      if (showErrorMessage) {
        deps.notify.error(error.message, ERROR_TOAST_SECONDS);
        error.handled = true;
      }
      return;
    }

    if (error.code === ErrorCode.sessionEnded) {
      options.clearSession();
      error.handled = true;
      return;
    }

    const toastKey = loginFailureToasts.get(error.code);
    if (toastKey) {
      options.clearSession();
      error.handled = true;
      const current = deps.currentLocation();
      if (isAt(current, LOGIN_PATH) || !firstInWindow('login')) return;
      deps.notify.error(deps.t(toastKey), LOGIN_ERROR_TOAST_SECONDS);
      deps.navigate(loginRedirectPath(current));
      return;
    }

    if (error.code === ErrorCode.accountInactive) {
      options.clearSession();
      error.handled = true;
      if (isAt(deps.currentLocation(), STATUS_INFO_PATH) || !firstInWindow('status-info')) return;
      deps.navigate(STATUS_INFO_PATH);
      return;
    }

    if (showErrorMessage && error.msg) {
      deps.notify.error(error.msg, ERROR_TOAST_SECONDS);
      error.handled = true;
    }
  };
}
