import { type Envelope, type ErrorCodeValue, errorCatalogue } from '@dc/contract';
import {
  type AxiosAdapter,
  AxiosError,
  type AxiosResponse,
  CanceledError,
  type InternalAxiosRequestConfig,
} from 'axios';
import { vi } from 'vitest';
import { createHttp, type HttpClient, type RequestDeps, requestMessages } from '../../src/request/index.ts';
import { useSession } from '../../src/stores/session.ts';
import { storageKeys } from '../../src/stores/storage-keys.ts';

/** What the network answers: an HTTP answer with a body, or no answer at all. */
export type Reply =
  | { status: number; body?: unknown; raw?: string }
  | { fail: 'network' }
  | { fail: 'timeout' }
  | { hang: true };

/** The success envelope exactly as the server writes it (server/src/http/envelope.ts). */
export const ok = <T>(data: T): Envelope<T> => ({ code: 200, status: 0, msg: 'success', data });

/** A failure envelope exactly as the server's error handler writes it, with the catalogue's HTTP status. */
export function failure(
  code: Exclude<ErrorCodeValue, 200>,
  msg?: string,
  data: unknown = null,
): { status: number; body: Envelope<unknown> } {
  const entry = errorCatalogue[code];
  return { status: entry.httpStatus, body: { code, status: 1, msg: msg ?? entry.message['en-US'], data } };
}

/**
 * A custom axios adapter standing for the network: it records each request and answers per
 * `reply`, settling like axios's XHR transport (non-2xx rejects with the response attached,
 * the body arrives as JSON text, an aborted signal rejects with CanceledError).
 */
export function fakeNetwork(reply: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      calls.push(config);
      const signal = config.signal as AbortSignal | undefined;
      signal?.addEventListener('abort', () => reject(new CanceledError(undefined, config)), { once: true });
      void Promise.resolve(reply(config)).then((answer) => {
        if ('hang' in answer) return;
        if ('fail' in answer) {
          reject(
            answer.fail === 'network'
              ? new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})
              : new AxiosError(
                  `timeout of ${config.timeout}ms exceeded`,
                  AxiosError.ECONNABORTED,
                  config,
                  {},
                ),
          );
          return;
        }
        const response: AxiosResponse = {
          data: answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)),
          status: answer.status,
          statusText: String(answer.status),
          headers: { 'content-type': 'application/json; charset=utf-8' },
          config,
          request: {},
        };
        if (!config.validateStatus || config.validateStatus(answer.status)) resolve(response);
        else {
          const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
          reject(
            new AxiosError(`Request failed with status code ${answer.status}`, code, config, {}, response),
          );
        }
      });
    });
  return { adapter, calls };
}

export interface Harness {
  client: HttpClient;
  calls: InternalAxiosRequestConfig[];
  toast: ReturnType<typeof vi.fn<(message: string, seconds: number) => void>>;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  deps: RequestDeps;
}

export const CURRENT_LOCATION = '/fans/fans-list?page=2&keyword=a b';

/** A client on the fake network with spy dependencies; texts in en-US. */
export function harness(
  reply: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>,
  location = CURRENT_LOCATION,
): Harness {
  const { adapter, calls } = fakeNetwork(reply);
  const toast = vi.fn<(message: string, seconds: number) => void>();
  const navigate = vi.fn<(path: string) => void>();
  const deps: RequestDeps = {
    notify: { error: toast },
    navigate,
    currentLocation: () => location,
    t: (key) => requestMessages['en-US'][key],
    language: () => null,
  };
  return { client: createHttp({ adapter, deps }), calls, toast, navigate, deps };
}

export function storeTokens(tokens: { session?: string; local?: string }): void {
  if (tokens.session) sessionStorage.setItem(storageKeys.token, tokens.session);
  if (tokens.local) localStorage.setItem(storageKeys.token, tokens.local);
}

/** A signed-in session in both storages and in the store. */
export function signedIn(): void {
  useSession.getState().signIn('persistent-token', 0, true);
  sessionStorage.setItem(storageKeys.token, 'temporary-token');
}

export function tokenCleared(): boolean {
  return (
    localStorage.getItem(storageKeys.token) === null &&
    sessionStorage.getItem(storageKeys.token) === null &&
    useSession.getState().token === null
  );
}

export function resetStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().clear();
}

/** The rejection of `promise`, failing the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
