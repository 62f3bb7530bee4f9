import type { FetchLike, FetchRequestInit, FetchResponseLike, Timers } from './environment.ts';
import { OssTransportError, UploadAbortedError } from './store-client.ts';

export interface TimedFetchOptions {
  fetch: FetchLike;
  timers: Timers;
  /** Per request, answer included (spec §9: 300 s). */
  timeoutMs: number;
}

/** An answer read whole. */
export interface FetchedAnswer {
  status: number;
  headers: FetchResponseLike['headers'];
  body: string;
}

/**
 * One request of the uploader, with its timeout and its caller's abort: a stop is
 * UploadAbortedError, no answer (or none in time) OssTransportError; any answer is returned.
 */
export async function timedFetch(
  options: TimedFetchOptions,
  url: string,
  init: Omit<FetchRequestInit, 'signal'>,
  signal: AbortSignal,
): Promise<FetchedAnswer> {
  if (signal.aborted) throw new UploadAbortedError();
  const controller = new AbortController();
  const forwardAbort = () => controller.abort();
  signal.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  const timer = options.timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await options.fetch(url, { ...init, signal: controller.signal });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    if (signal.aborted) throw new UploadAbortedError();
    throw new OssTransportError(timedOut ? 'timeout' : 'network', { cause: error });
  } finally {
    options.timers.clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
  }
}
