import type { Language } from '@dc/contract';
import { type RequestMessageKey, requestMessages } from './messages.ts';

/**
 * What the request layer needs from the application: a toast, navigation, the current location
 * and translations. The React app injects antd's message API, the router and i18n; tests inject
 * spies. The defaults work without any app (plain browser navigation, zh-CN texts).
 */
export interface RequestDeps {
  notify: { error(message: string, seconds: number): void };
  /** Client-side navigation to an in-app path such as `/start/login?redirect=%2Ffans`. */
  navigate(path: string): void;
  /** The current in-app location: path plus query, e.g. `/fans/fans-list?page=2`. */
  currentLocation(): string;
  t(key: RequestMessageKey): string;
  /**
   * The app's language, sent as Accept-Language so the server's messages (the toasts of other
   * failures) follow it; null leaves the browser's own header.
   */
  language(): Language | null;
}

export const defaultRequestDeps: RequestDeps = {
  notify: {
    error(message) {
      console.error(message);
    },
  },
  navigate(path) {
    window.location.assign(path);
  },
  currentLocation() {
    return `${window.location.pathname}${window.location.search}`;
  },
  t(key) {
    return requestMessages['zh-CN'][key];
  },
  language() {
    return null;
  },
};

let configured: RequestDeps = defaultRequestDeps;

/** Installs the app's dependencies; the fields given replace the current ones. */
export function configureRequest(deps: Partial<RequestDeps>): void {
  configured = { ...configured, ...deps };
}

/** Back to the defaults (tests). */
export function resetRequestConfig(): void {
  configured = defaultRequestDeps;
}

/** The dependencies in force now; read at use time so late configuration applies. */
export function requestDeps(): RequestDeps {
  return configured;
}
