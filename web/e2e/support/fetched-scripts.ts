import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DEMO } from './browser.ts';

/**
 * Issue 21 item 2: the JS a phone fetches when it opens a page, counted in Chromium as it
 * happens — not from the build's manifest, which knows what a page needs to render but not what
 * the browser also fetches (idle preloads, modulepreload, strings, lazy parts shown at once).
 */

/** The window a phone's first screen is judged on: every script asked for within it counts. */
export const WINDOW_MS = 2500;

/** A phone (an iPhone 12–15 sized screen): the budgets are what a phone downloads. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;

export interface FetchedScript {
  /** The path (`/assets/x.js`). */
  path: string;
  /** Bytes on the wire without headers: Resource Timing's `encodedBodySize`. */
  encoded: number;
  /** Uncompressed bytes (`decodedBodySize`). */
  decoded: number;
  /** The response's `content-encoding` (`gzip`, or `identity` when sent as is). */
  encoding: string;
  /** When it was asked for, ms after the navigation started. */
  startedMs: number;
}

export interface ScriptMeasure {
  url: string;
  scripts: FetchedScript[];
  /** Sum of `encoded`. */
  encoded: number;
  /** ms after the navigation started when the screen was shown (`ready` resolved). */
  readyMs: number;
  /** The window counted: 2.5 s, or longer when the screen took longer (a loaded machine). */
  windowMs: number;
}

interface Pending {
  path: string;
  startedMs: number;
  encoding?: string;
  done: boolean;
}

/** A demo session token, as the login form would store it ("remember me"). */
export async function demoToken(): Promise<string> {
  const form = new FormData();
  form.set('account', DEMO.account);
  form.set('password', DEMO.password);
  const answer = await fetch(`${baseUrl}/designerapi/v1/login`, { method: 'POST', body: form });
  const body = (await answer.json()) as { data: { token?: string } | null; msg: string };
  if (!body.data?.token) throw new Error(`demo login failed: ${body.msg}`);
  return body.data.token;
}

/** A fresh phone context (empty cache), signed in as demo when `token` is given. */
export async function phoneContext(browser: Browser, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: baseUrl,
    locale: 'zh-CN',
    // The budgets are gzip: Chromium would take brotli where offered (the server has both).
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  if (token) {
    await context.addInitScript((value) => {
      if (!localStorage.getItem('designer-console:token')) {
        localStorage.setItem('designer-console:token', value);
        localStorage.setItem('designer-console:session', JSON.stringify({ newlyRegister: 0 }));
      }
    }, token);
  }
  return context;
}

const isScript = (type: string | undefined, url: string) =>
  type === 'Script' || /\.m?js$/.test(new URL(url).pathname);

/**
 * Opens `url` in `page` (a fresh context: nothing cached) and counts every script the browser
 * asks for from the navigation's start until 2.5 s have passed and `ready` has resolved, whichever
 * is later, then waits for those to arrive and reads their sizes. On a loaded machine the window
 * grows with the page, so a slow start cannot push a download out of the count.
 */
export async function measureScripts(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<ScriptMeasure> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, Pending>();
  let navigationStart: number | undefined;
  let windowEnd = Number.POSITIVE_INFINITY;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && navigationStart === undefined) navigationStart = event.timestamp;
    if (navigationStart === undefined || !isScript(event.type, event.request.url)) return;
    const startedMs = (event.timestamp - navigationStart) * 1000;
    if (startedMs > windowEnd) return;
    requests.set(event.requestId, { path: new URL(event.request.url).pathname, startedMs, done: false });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    request.encoding = headers['content-encoding'] ?? 'identity';
  });
  const finish = (event: { requestId: string }) => {
    const request = requests.get(event.requestId);
    if (request) request.done = true;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);

  const opened = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  const readyMs = Date.now() - opened;
  const windowMs = Math.max(WINDOW_MS, readyMs);
  await page.waitForTimeout(Math.max(0, windowMs - (Date.now() - opened)));
  windowEnd = windowMs;
  // What was asked for in the window arrives (a request started at 2.49 s still counts).
  const deadline = Date.now() + 30_000;
  const inWindow = () => [...requests.values()].filter((request) => request.startedMs <= windowMs);
  while (inWindow().some((request) => !request.done) && Date.now() < deadline) {
    await page.waitForTimeout(50);
  }
  await cdp.detach();

  const timings = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        encoded: entry.encodedBodySize,
        decoded: entry.decodedBodySize,
      })),
  );
  const sizes = new Map(timings.map((timing) => [timing.path, timing]));
  const scripts: FetchedScript[] = [];
  const seen = new Set<string>();
  for (const request of inWindow()) {
    if (seen.has(request.path)) continue;
    seen.add(request.path);
    const size = sizes.get(request.path);
    if (!size) throw new Error(`no Resource Timing entry for ${request.path}`);
    scripts.push({
      path: request.path,
      encoded: size.encoded,
      decoded: size.decoded,
      encoding: request.encoding ?? 'unknown',
      startedMs: Math.round(request.startedMs),
    });
  }
  scripts.sort((a, b) => b.encoded - a.encoded);
  return {
    url,
    scripts,
    encoded: scripts.reduce((sum, script) => sum + script.encoded, 0),
    readyMs,
    windowMs,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The measure as text: total, window, then each file largest first. */
export function describeMeasure(measure: ScriptMeasure, limit = 40): string {
  const lines = [
    `${measure.url}: ${kb(measure.encoded)} in ${measure.scripts.length} script files within ` +
      `${measure.windowMs} ms (screen shown at ${measure.readyMs} ms)`,
    ...measure.scripts
      .slice(0, limit)
      .map(
        (script) =>
          `  ${script.path}  ${kb(script.encoded)} ${script.encoding} (${kb(script.decoded)} raw) at ${script.startedMs} ms`,
      ),
  ];
  if (measure.scripts.length > limit) lines.push(`  … and ${measure.scripts.length - limit} smaller files`);
  return lines.join('\n');
}
