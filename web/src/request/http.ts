import {
  type Envelope,
  type ListPage,
  REQUEST_RETRY_COUNT,
  REQUEST_RETRY_DELAY_MS,
  REQUEST_TIMEOUT_MS,
} from '@dc/contract';
import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { readStoredToken, useSession } from '../stores/session.ts';
import { abortable, linkSignal } from './abort.ts';
import { type RequestDeps, requestDeps } from './deps.ts';
import { RequestCancelledError, RequestError } from './errors.ts';
import { type FailedRequest, isNoAnswerFailure } from './failed-request.ts';
import { createFailureHandler } from './failures.ts';
import { InFlightRegistry } from './in-flight.ts';
import { requestMessageKeys } from './messages.ts';
import { sanitizePayload } from './payload.ts';
import { applyRequestRules } from './request-rules.ts';
import { type Outcome, readAnswer, toRequestFailure } from './response.ts';
import { isRetryable, type RetryPolicy, wait } from './retry.ts';
import { requestKey } from './url.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The raw axios response, what HTTP 204, PUT and PATCH resolve with (spec section 7). */
export type RawResponse<T = unknown> = AxiosResponse<T>;

/** Per-call options. */
export interface CallOptions {
  /** Query parameters: trimmed and date-formatted like bodies; GET adds `_t`. */
  params?: object;
  headers?: Record<string, string>;
  /** Show the server's msg as an error toast for 3 s on failure (spec section 8). Default true. */
  showErrorMessage?: boolean;
  /** Further attempts on network errors, timeouts and 5xx. Default 0 (spec section 9). */
  retryCount?: number;
  /** Wait before each further attempt, ms. Default 1000 (spec section 9). */
  retryDelay?: number;
  /** A newer call with the same method and URL cancels this one. Default true (spec section 7). */
  cancelDuplicate?: boolean;
  /** Trim the strings of body and query. Default true; false for a value that must go verbatim. */
  trim?: boolean;
  /** Normalise the answer as a list page: `data: []` → `{dataList: [], totalNumber: 0, totalPages: 0}`. */
  list?: boolean;
  /** The caller's cancellation (react-query's signal, for instance). */
  signal?: AbortSignal;
  /** Overrides the 30 s timeout. */
  timeout?: number;
}

export interface RequestConfig extends CallOptions {
  method: HttpMethod;
  url: string;
  /** A plain object or array (JSON), FormData (multipart) or URLSearchParams. */
  data?: unknown;
}

export interface HttpClient {
  /**
   * The underlying axios instance (URL, header, `_t` rules as an interceptor), created with the
   * first call: axios is loaded then, not with the page. Prefer the methods.
   */
  axiosInstance(): Promise<AxiosInstance>;
  /** Any call; resolves with the envelope's `data`, or the raw response for 204, PUT and PATCH. */
  request<T>(config: RequestConfig): Promise<T | RawResponse>;
  /** GET; resolves with `data`. (A 204 answer, which no GET of ours gives, would resolve raw.) */
  get<T>(url: string, options?: CallOptions): Promise<T>;
  /** POST; resolves with `data`. (A 204 answer would resolve raw.) */
  post<T>(url: string, data?: unknown, options?: CallOptions): Promise<T>;
  /** PUT; resolves with the raw response (spec section 7). */
  put<T = unknown>(url: string, data?: unknown, options?: CallOptions): Promise<RawResponse<Envelope<T>>>;
  /** PATCH; resolves with the raw response (spec section 7). */
  patch<T = unknown>(url: string, data?: unknown, options?: CallOptions): Promise<RawResponse<Envelope<T>>>;
  /** DELETE; resolves with `data`, or the raw response when the answer is 204. */
  delete<T = null>(url: string, options?: CallOptions): Promise<T | RawResponse>;
  /** GET of a list page; an empty-array answer becomes the empty page. */
  getList<T>(url: string, options?: CallOptions): Promise<ListPage<T>>;
  /** Cancels every call in flight (on logout, for instance). */
  cancelAll(): void;
  /** The last call that got no answer (network error, timeout), to send again; null when none. */
  lastFailedRequest(): FailedRequest | null;
}

export interface CreateHttpOptions {
  /** The transport; axios's own (XHR) by default. Tests pass a function standing for the network. */
  adapter?: AxiosAdapter;
  /** Replaces some of the dependencies installed by `configureRequest` for this client only. */
  deps?: Partial<RequestDeps>;
  /** Window in which repeated session failures stay silent; see SESSION_FAILURE_QUIET_MS. */
  sessionFailureQuietMs?: number;
}

/** axios itself, loaded once for every client. */
let axiosModule: Promise<typeof import('axios').default> | undefined;
function loadAxios(): Promise<typeof import('axios').default> {
  axiosModule ??= import('axios').then((loaded) => loaded.default);
  axiosModule.catch(() => {
    axiosModule = undefined;
  });
  return axiosModule;
}

/** Loads axios ahead of the first call (when the browser is idle after the first render). */
export function preloadTransport(): void {
  void loadAxios().catch(() => undefined);
}

/** The value a call resolves with; its type is the caller's `T` (the contract's answer types). */
function resultOf<T>(outcome: Outcome): T {
  return (outcome.kind === 'data' ? outcome.data : outcome.response) as T;
}

/** A client implementing spec sections 7 and 8 on its own axios instance. */
export function createHttp(options: CreateHttpOptions = {}): HttpClient {
  const deps = (): RequestDeps => ({ ...requestDeps(), ...options.deps });
  let instance: Promise<AxiosInstance> | undefined;
  /** axios itself could not be loaded (offline before the first call): the call got no answer. */
  const transportMissing = (cause: unknown): never => {
    throw new RequestError('network', deps().t(requestMessageKeys.networkError), undefined, { cause });
  };
  /** The axios instance, created (and axios loaded) on first use: the login page renders without it. */
  const axiosInstance = (): Promise<AxiosInstance> => {
    instance ??= loadAxios().then((axios) => {
      const created = axios.create({
        baseURL: '',
        timeout: REQUEST_TIMEOUT_MS,
        withCredentials: true,
        headers: { 'Content-Type': 'application/json;charset=UTF-8' },
        ...(options.adapter ? { adapter: options.adapter } : {}),
      });
      created.interceptors.request.use(applyRequestRules);
      created.interceptors.request.use((config) => {
        const language = deps().language();
        if (language && !config.headers.has('Accept-Language'))
          config.headers.set('Accept-Language', language);
        return config;
      });
      return created;
    }, transportMissing);
    // A failed load (the chunk did not arrive) is tried again by the next call.
    instance.catch(() => {
      instance = undefined;
    });
    return instance;
  };
  const inFlight = new InFlightRegistry();
  const handleFailure = createFailureHandler({
    deps,
    clearSession: () => useSession.getState().clear(),
    ...(options.sessionFailureQuietMs === undefined ? {} : { quietMs: options.sessionFailureQuietMs }),
  });
  let serial = 0;
  /**
   * The last unanswered call under its duplicate key, with the session it belonged to; any later
   * answer to that key forgets it.
   */
  let lastUnanswered: { key: string; token: string | null; request: FailedRequest } | null = null;

  function rememberUnanswered(key: string, config: RequestConfig) {
    // The caller's signal belongs to the screen that made the call, long gone by the retry.
    const { signal: _callerSignal, ...replay } = config;
    lastUnanswered = {
      key,
      token: readStoredToken(),
      request: {
        method: config.method.toUpperCase(),
        url: config.url,
        location: deps().currentLocation(),
        retry: () => execute(replay).then(resultOf<unknown>),
      },
    };
  }

  async function send(config: AxiosRequestConfig, signal: AbortSignal, retry: RetryPolicy) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const sent = axiosInstance().then((axios) => axios.request<unknown>({ ...config, signal }));
        return await abortable(sent, signal);
      } catch (error) {
        if (signal.aborted || attempt >= retry.count || !isRetryable(error)) throw error;
        await wait(retry.delay, signal);
      }
    }
  }

  /** Maps anything thrown to our errors and applies the error catalogue (spec section 8). */
  function fail(thrown: unknown, showErrorMessage: boolean): never {
    const failure = toRequestFailure(thrown, deps().t);
    if (!(failure instanceof RequestCancelledError)) handleFailure(failure, showErrorMessage);
    throw failure;
  }

  async function execute(config: RequestConfig): Promise<Outcome> {
    const showErrorMessage = config.showErrorMessage !== false;
    const trim = config.trim !== false;
    let params: unknown;
    let data: unknown;
    try {
      params = config.params === undefined ? undefined : sanitizePayload(config.params, trim);
      data = config.data === undefined ? undefined : sanitizePayload(config.data, trim);
    } catch (thrown) {
      fail(thrown, showErrorMessage);
    }
    serial += 1;
    const identity = requestKey(config.method, config.url, params);
    const key = config.cancelDuplicate === false ? `#${serial}` : identity;
    const controller = inFlight.register(key);
    const unlink = linkSignal(config.signal, controller);
    const retry: RetryPolicy = {
      count: Math.max(0, config.retryCount ?? REQUEST_RETRY_COUNT),
      delay: Math.max(0, config.retryDelay ?? REQUEST_RETRY_DELAY_MS),
    };
    const axiosConfig: AxiosRequestConfig = {
      method: config.method,
      url: config.url,
      params,
      data,
      ...(config.headers ? { headers: config.headers } : {}),
      ...(config.timeout === undefined ? {} : { timeout: config.timeout }),
    };
    try {
      const response = await send(axiosConfig, controller.signal, retry);
      if (lastUnanswered?.key === identity) lastUnanswered = null;
      return readAnswer(response, config.method, config.list === true, deps().t);
    } catch (thrown) {
      if (controller.signal.aborted) throw new RequestCancelledError();
      const failure = toRequestFailure(thrown, deps().t);
      if (isNoAnswerFailure(failure)) rememberUnanswered(identity, config);
      else if (lastUnanswered?.key === identity) lastUnanswered = null;
      fail(failure, showErrorMessage);
    } finally {
      unlink();
      inFlight.release(key, controller);
    }
  }

  return {
    axiosInstance,
    request: <T>(config: RequestConfig) => execute(config).then(resultOf<T | RawResponse>),
    get: <T>(url: string, opts?: CallOptions) => execute({ ...opts, method: 'get', url }).then(resultOf<T>),
    post: <T>(url: string, data?: unknown, opts?: CallOptions) =>
      execute({ ...opts, method: 'post', url, data }).then(resultOf<T>),
    put: <T>(url: string, data?: unknown, opts?: CallOptions) =>
      execute({ ...opts, method: 'put', url, data }).then(resultOf<RawResponse<Envelope<T>>>),
    patch: <T>(url: string, data?: unknown, opts?: CallOptions) =>
      execute({ ...opts, method: 'patch', url, data }).then(resultOf<RawResponse<Envelope<T>>>),
    delete: <T>(url: string, opts?: CallOptions) =>
      execute({ ...opts, method: 'delete', url }).then(resultOf<T | RawResponse>),
    getList: <T>(url: string, opts?: CallOptions) =>
      execute({ ...opts, method: 'get', url, list: true }).then(resultOf<ListPage<T>>),
    cancelAll: () => inFlight.abortAll(),
    // Another session's call is not this one's to send: its token would be today's.
    lastFailedRequest: () =>
      lastUnanswered && lastUnanswered.token === readStoredToken() ? lastUnanswered.request : null,
  };
}
