import autocannon from 'autocannon';
import type { ScenarioRequest } from './scenarios.ts';
import { cpuMsOf, sampleRss } from './server-process.ts';

export const API = '/designerapi/v1';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * p50 of `work` run one at a time: 3 warm-ups, then up to `runs` runs or `budgetMs` of them,
 * whichever ends first (at least 3 runs).
 */
export async function serialP50(work: () => Promise<unknown>, runs = 30, budgetMs = 3_000): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < runs && (times.length < 3 || performance.now() - started < budgetMs)) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  return percentile(times, 50);
}

function bodyOf(request: ScenarioRequest): { body?: string; contentType?: string } {
  if (request.json !== undefined)
    return { body: JSON.stringify(request.json), contentType: 'application/json' };
  if (request.form) {
    return {
      body: new URLSearchParams(request.form).toString(),
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  return {};
}

function headersOf(request: ScenarioRequest, token: string): Record<string, string> {
  const { contentType } = bodyOf(request);
  return {
    ...(request.authenticated ? { authtoken: token } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
  };
}

/** One request with fetch; throws with the status and body unless it answers 200. */
export async function callOnce(origin: string, request: ScenarioRequest, token: string): Promise<Response> {
  const res = await fetch(`${origin}${API}${request.path}`, {
    method: request.method,
    headers: headersOf(request, token),
    body: bodyOf(request).body,
  });
  if (res.status !== 200) {
    throw new Error(
      `${request.method} ${request.path}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`,
    );
  }
  return res;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  peakRss: number;
  /** Server CPU (user + system) per completed request, ms. */
  cpuPerRequest: number;
}

/** autocannon over loopback for `duration` seconds, with the server's RSS sampled meanwhile. */
export async function loadTest(
  origin: string,
  request: ScenarioRequest,
  token: string,
  options: { connections: number; duration: number; serverPid: number },
): Promise<LoadResult> {
  const rss = sampleRss(options.serverPid);
  const cpuBefore = cpuMsOf(options.serverPid);
  const result = await autocannon({
    url: `${origin}${API}${request.path}`,
    method: request.method,
    headers: headersOf(request, token),
    body: bodyOf(request).body,
    connections: options.connections,
    duration: options.duration,
    timeout: 30,
  });
  const peakRss = rss.stop();
  const cpu = cpuMsOf(options.serverPid) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    peakRss,
    cpuPerRequest: result.requests.total > 0 ? cpu / result.requests.total : Number.NaN,
  };
}

export interface ExportResult {
  ms: number;
  bytes: number;
  lines: number;
  peakRss: number;
  /** Server CPU (user + system) of the download, ms. */
  cpuMs: number;
}

/** One streamed download, read to the end; its time, size, lines and the server's peak RSS. */
export async function timeDownload(
  origin: string,
  request: ScenarioRequest,
  token: string,
  serverPid: number,
): Promise<ExportResult> {
  const rss = sampleRss(serverPid, 25);
  const cpuBefore = cpuMsOf(serverPid);
  const started = performance.now();
  const res = await callOnce(origin, request, token);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body ?? []) {
    const part = chunk as Uint8Array;
    bytes += part.byteLength;
    // memchr, not a JS loop over every byte: on 2 cores the reader's CPU is taken from the
    // server and the database it times (issue 21 item 4).
    const view = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    for (let at = view.indexOf(10); at !== -1; at = view.indexOf(10, at + 1)) lines += 1;
  }
  const ms = performance.now() - started;
  return { ms, bytes, lines, peakRss: rss.stop(), cpuMs: cpuMsOf(serverPid) - cpuBefore };
}
