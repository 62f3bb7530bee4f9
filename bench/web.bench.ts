/**
 * `npm run bench -- web`: Lighthouse (the system Chromium), its mobile preset (a mid-range phone
 * on slow 4G, simulated) and its desktop preset, on the login page, on vault statistics signed
 * in as the demo designer, and on the public 3D look page /3D-h5 of one of the demo's online
 * looks (issue 21 item 1: mobile scores ≥ 95 for login, ≥ 85 for vault statistics, LCP ≤ 2.5 s
 * for /3D-h5; issue 10 §4: desktop ≥ 95). Builds web/dist when stale, starts the production
 * server serving it on a fresh PGlite data directory with the demo seed, and appends score, FCP,
 * LCP, TBT, CLS and the JS transferred to bench/RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { ensureFreshWebBuild } from '../web/build/fresh-build.ts';
import { appendResults, machineDescription } from './support/results.ts';
import { startServer } from './support/server-process.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Where the web app keeps its session (web/src/stores/storage-keys.ts). */
const TOKEN_KEY = 'designer-console:token';
const SESSION_KEY = 'designer-console:session';
type Preset = 'mobile' | 'desktop';

/** The performance score each page should reach, per preset (issue 21 item 1, issue 10 §4). */
const TARGET_SCORE: Record<string, Record<Preset, number | undefined>> = {
  '/start/login': { mobile: 95, desktop: 95 },
  '/my-vault/vault-statistics': { mobile: 85, desktop: 95 },
  '/3D-h5': { mobile: undefined, desktop: undefined },
};
/** /3D-h5's target is its largest contentful paint on a phone (issue 21 item 1). */
const H5_LCP_TARGET_MS = 2500;

interface PageResult {
  page: string;
  preset: Preset;
  /** Why Lighthouse gave no figures for the page, when it did not. */
  error?: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  scriptRequests: number;
}

interface Audit {
  numericValue?: number;
  details?: { items?: Array<{ resourceType?: string; transferSize?: number; requestCount?: number }> };
}

function resultOf(
  page: string,
  preset: Preset,
  lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, Audit> },
): PageResult {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  return {
    page,
    preset,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes: scripts?.transferSize ?? 0,
    scriptRequests: scripts?.requestCount ?? 0,
  };
}

async function signInDemo(origin: string): Promise<string> {
  const response = await fetch(`${origin}/designerapi/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'demo123456', remember: true }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token?: string } | null };
  if (!body.data?.token) throw new Error(`demo login failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** Puts the demo session where the app reads it (localStorage: "remember me"), in Chromium's profile. */
async function storeSession(port: number, origin: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A page of the origin that is not the app (its JSON health answer): the app's scripts
    // must not be in the cache before Lighthouse opens the page it measures.
    await page.goto(`${origin}/designerapi/v1/health`);
    await page.evaluate(
      ([tokenKey, sessionKey, value]) => {
        // Runs in the page (this file is type-checked without the DOM library).
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
          .localStorage;
        storage.setItem(tokenKey as string, value as string);
        storage.setItem(sessionKey as string, JSON.stringify({ newlyRegister: 0 }));
      },
      [TOKEN_KEY, SESSION_KEY, token],
    );
    await page.close();
  } finally {
    // Disconnects playwright; Chromium itself stays up for Lighthouse.
    await browser.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const pageName = (page: string) => page.replace(/\?.*$/, '');

function table(results: PageResult[]): string {
  const lines = [
    '| page | preset | performance | FCP | LCP | TBT | CLS | JS transferred |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((r) => {
      if (r.error) return `| ${pageName(r.page)} | ${r.preset} | — (${r.error}) | — | — | — | — | — |`;
      const target = TARGET_SCORE[pageName(r.page)]?.[r.preset];
      const score =
        target === undefined || r.score >= target ? `${r.score}` : `${r.score} (target ${target})`;
      const lcpTarget =
        pageName(r.page) === '/3D-h5' && r.preset === 'mobile' && !(r.lcp <= H5_LCP_TARGET_MS)
          ? ` (target ≤ ${H5_LCP_TARGET_MS} ms)`
          : '';
      return (
        `| ${pageName(r.page)} | ${r.preset} | ${score} | ${ms(r.fcp)} | ${ms(r.lcp)}${lcpTarget} | ` +
        `${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${kb(r.scriptBytes)} in ${r.scriptRequests} files |`
      );
    }),
  ];
  return lines.join('\n');
}

/** The id of one of the demo designer's online looks, for /3D-h5. */
async function onlineLookId(origin: string, token: string): Promise<number> {
  const response = await fetch(`${origin}/designerapi/v1/looks?online=true&pageSize=1`, {
    headers: { authToken: token },
  });
  const body = (await response.json()) as { data: { dataList?: Array<{ id: number }> } | null };
  const id = body.data?.dataList?.[0]?.id;
  if (!id) throw new Error('the demo designer has no online look');
  return id;
}

export default async function webBench(_options: string[]): Promise<void> {
  process.stdout.write('building web/dist if stale…\n');
  const webDist = await ensureFreshWebBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-bench-web-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: 'demo',
    WEB_DIST: webDist,
  });
  try {
    // Each run in a Chromium of its own, with a fresh profile: nothing cached from another run,
    // and a session only where the run stores one (a shared browser gave the desktop login run
    // the session of the statistics run before it, and the statistics runs a warm cache).
    const run = async (page: string, preset: Preset, token: string | undefined) => {
      process.stdout.write(`lighthouse ${page} (${preset})…\n`);
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      const answer = await (async () => {
        if (token) await storeSession(chrome.port, server.origin, token);
        return lighthouse(
          `${server.origin}${page}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            // The stored session must survive: Lighthouse would otherwise clear the origin's storage.
            disableStorageReset: token !== undefined,
          },
          // Lighthouse's default configuration is its mobile preset.
          preset === 'desktop' ? desktopConfig : undefined,
        );
      })().finally(() => chrome.kill());
      if (!answer) throw new Error(`lighthouse gave no result for ${page}`);
      if (answer.lhr.runtimeError) throw new Error(`${page}: ${answer.lhr.runtimeError.message}`);
      const result = resultOf(page, preset, answer.lhr as Parameters<typeof resultOf>[2]);
      process.stdout.write(
        `  score ${result.score}, FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)}, TBT ${ms(result.tbt)}, ` +
          `CLS ${result.cls.toFixed(3)}, JS ${kb(result.scriptBytes)}\n`,
      );
      return result;
    };
    const results: PageResult[] = [];
    // A page Lighthouse cannot finish (the 3D page's render loop can keep the CPU from ever
    // being idle on a loaded machine: PROTOCOL_TIMEOUT) is recorded as such; the others still run.
    const tryRun = async (page: string, preset: Preset, token?: string) => {
      try {
        results.push(await run(page, preset, token));
      } catch (error) {
        const message = (error instanceof Error ? error.message.split('\n')[0] : undefined) ?? String(error);
        process.stdout.write(`  ${page} (${preset}) failed: ${message}\n`);
        results.push({
          page,
          preset,
          error: message,
          score: 0,
          fcp: Number.NaN,
          lcp: Number.NaN,
          tbt: Number.NaN,
          cls: Number.NaN,
          scriptBytes: 0,
          scriptRequests: 0,
        });
      }
    };
    const token = await signInDemo(server.origin);
    const h5 = `/3D-h5?id=${await onlineLookId(server.origin, token)}`;
    for (const preset of ['mobile', 'desktop'] as const) {
      await tryRun('/start/login', preset);
      await tryRun('/my-vault/vault-statistics', preset, token);
      await tryRun(h5, preset);
    }
    const rendered = table(results);
    process.stdout.write(`\n${rendered}\n`);
    appendResults(
      `web: Lighthouse ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      [
        ...machineDescription('PGlite (fresh data directory, demo seed)'),
        `Lighthouse mobile preset (simulated slow 4G, 4× CPU slowdown) and desktop preset, ${CHROMIUM} headless; production build served by the server (gzip/brotli precompressed)`,
        `Targets: mobile performance ≥ 95 login, ≥ 85 vault statistics, /3D-h5 LCP ≤ ${H5_LCP_TARGET_MS} ms (issue 21 item 1); desktop ≥ 95 (issue 10 §4)`,
      ],
      rendered,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
