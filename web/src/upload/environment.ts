import { hasXhr, xhrFetch } from './xhr-fetch.ts';

/**
 * What the uploader takes from its surroundings, injectable so that it runs in a browser (the
 * defaults) and in Node tests (a Map-backed storage, real fetch to the embedded store, fake timers).
 */

/** The part of `Response` the store clients read. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export interface FetchRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: ArrayBuffer | string;
  signal?: AbortSignal;
  /** Bytes of the body sent so far, as they go (a transport that cannot tell never calls it). */
  onUploadProgress?(sentBytes: number): void;
}

export type FetchLike = (url: string, init: FetchRequestInit) => Promise<FetchResponseLike>;

/** The part of `Storage` (localStorage) the resume records use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where "leaving the page" is heard: `window` in a browser. */
export interface PageEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface UploadEnvironment extends Timers {
  fetch: FetchLike;
  storage: KeyValueStorage;
  now(): number;
  pageEvents: PageEvents | undefined;
}

/** A storage that lasts as long as the page: where there is no localStorage (Node), or it throws. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

interface BrowserGlobals {
  localStorage?: KeyValueStorage;
  window?: PageEvents;
}

function browserLocalStorage(): KeyValueStorage | undefined {
  try {
    // Reading localStorage throws where storage is blocked (sandboxed frames, some privacy modes).
    return (globalThis as BrowserGlobals).localStorage;
  } catch {
    return undefined;
  }
}

/** The defaults, read when the uploader is made; timers and fetch are looked up per call, so fake timers apply. */
export function resolveEnvironment(overrides: Partial<UploadEnvironment>): UploadEnvironment {
  return {
    // A body whose progress is wanted goes by XMLHttpRequest where there is one (browsers).
    fetch:
      overrides.fetch ??
      ((url, init) =>
        init.onUploadProgress && hasXhr() ? xhrFetch(url, init) : globalThis.fetch(url, init)),
    storage: overrides.storage ?? browserLocalStorage() ?? memoryStorage(),
    now: overrides.now ?? (() => Date.now()),
    setTimeout: overrides.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms)),
    clearTimeout:
      overrides.clearTimeout ??
      ((id) => globalThis.clearTimeout(id as Parameters<typeof globalThis.clearTimeout>[0])),
    pageEvents: overrides.pageEvents ?? (globalThis as BrowserGlobals).window,
  };
}

/** Resolves after `ms`, or rejects with `abortError()` as soon as `signal` aborts. */
export function sleep(
  timers: Timers,
  ms: number,
  signal: AbortSignal,
  abortError: () => Error,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      timers.clearTimeout(id);
      reject(abortError());
    };
    const id = timers.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
