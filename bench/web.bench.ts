/**
 * `npm run bench -- web`: Lighthouse (desktop preset, the system Chromium) on the login page and,
 * signed in as the demo designer, on vault statistics (issue 10 §4: performance score ≥ 95 for
 * both). Builds web/dist when stale, starts the production server serving it on a fresh PGlite
 * data directory with the demo seed, and appends score, FCP, LCP, TBT, CLS and the JS
 * transferred to bench/RESULTS.md.
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
const TARGET_SCORE = 95;

interface PageResult {
  page: string;
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
  lhr: { categories: { performance?: { score: number | null } }; audits: Record<string, Audit> },
): PageResult {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  return {
    page,
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
    // Any page of the origin will do: the login page has no session to end yet.
    await page.goto(`${origin}/status-info`);
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

function table(results: PageResult[]): string {
  const lines = [
    '| page | performance | FCP | LCP | TBT | CLS | JS transferred |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.score}${r.score >= TARGET_SCORE ? '' : ' (target 95)'} | ${ms(r.fcp)} | ${ms(r.lcp)} | ` +
        `${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${kb(r.scriptBytes)} in ${r.scriptRequests} files |`,
    ),
  ];
  return lines.join('\n');
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
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const run = async (page: string, disableStorageReset: boolean) => {
      process.stdout.write(`lighthouse ${page}…\n`);
      const answer = await lighthouse(
        `${server.origin}${page}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset,
        },
        desktopConfig,
      );
      if (!answer) throw new Error(`lighthouse gave no result for ${page}`);
      if (answer.lhr.runtimeError) throw new Error(`${page}: ${answer.lhr.runtimeError.message}`);
      const result = resultOf(page, answer.lhr as Parameters<typeof resultOf>[1]);
      process.stdout.write(
        `  score ${result.score}, FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)}, TBT ${ms(result.tbt)}, ` +
          `CLS ${result.cls.toFixed(3)}, JS ${kb(result.scriptBytes)}\n`,
      );
      return result;
    };
    const results = [await run('/start/login', false)];
    await storeSession(chrome.port, server.origin, await signInDemo(server.origin));
    // The stored session must survive: Lighthouse would otherwise clear the origin's storage.
    results.push(await run('/my-vault/vault-statistics', true));
    const rendered = table(results);
    process.stdout.write(`\n${rendered}\n`);
    appendResults(
      `web: Lighthouse ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      [
        ...machineDescription('PGlite (fresh data directory, demo seed)'),
        `Lighthouse desktop preset, ${CHROMIUM} headless; production build served by the server (gzip/brotli precompressed)`,
        `Target: performance ≥ ${TARGET_SCORE} on both pages (issue 10 §4)`,
      ],
      rendered,
    );
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
