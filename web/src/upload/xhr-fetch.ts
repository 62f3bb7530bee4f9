import type { FetchRequestInit, FetchResponseLike } from './environment.ts';

/**
 * The part of XMLHttpRequest used here, typed locally: this module is also compiled for Node
 * (the server's tests drive the uploader), where the DOM's types are absent.
 */
interface XhrLike {
  status: number;
  responseText: string;
  upload: { addEventListener(type: 'progress', listener: (event: { loaded: number }) => void): void };
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void;
  abort(): void;
  send(body: ArrayBuffer | string | null): void;
}

const xhrConstructor = () => (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;

/** Whether this runtime has XMLHttpRequest (browsers do, Node does not). */
export const hasXhr = (): boolean => xhrConstructor() !== undefined;

const abortError = () => new DOMException('The request was aborted.', 'AbortError');

/**
 * A request through XMLHttpRequest, for the one thing fetch cannot tell: how many bytes of the
 * body have gone out (`xhr.upload`'s progress events). A part of several MB then moves the bar
 * while it is sent, not only when its answer comes. Errors and aborts reject as fetch's do.
 */
export function xhrFetch(url: string, init: FetchRequestInit): Promise<FetchResponseLike> {
  return new Promise((resolve, reject) => {
    const Xhr = xhrConstructor();
    if (!Xhr) {
      reject(new TypeError('XMLHttpRequest is not available'));
      return;
    }
    if (init.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new Xhr();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    const settle = () => init.signal?.removeEventListener('abort', onAbort);
    const report = init.onUploadProgress;
    if (report) xhr.upload.addEventListener('progress', (event) => report(event.loaded));
    xhr.addEventListener('load', () => {
      settle();
      resolve({
        status: xhr.status,
        headers: { get: (name) => xhr.getResponseHeader(name) },
        text: () => Promise.resolve(xhr.responseText),
      });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    init.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(init.body ?? null);
  });
}
