import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser.ts';

/**
 * Issue 17 point 4 (WCAG 2.2 AA): axe-core on a screen, 0 critical and 0 serious violations,
 * exactly one h1 and one main landmark.
 */

// Evaluated rather than added as a script tag: the console's CSP (script-src 'self') refuses inline scripts.
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SETTINGS_KEY = 'designer-console:settings';
const TABS_KEY = 'designer-console:tabs';
export type Theme = 'light' | 'dark';

/** Set E2E_SHOTS_DIR to keep a screenshot of each screen checked. */
const shotsDir = process.env.E2E_SHOTS_DIR;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** What one screen gave: its blocking violations and its h1 / main counts. */
export interface ScreenAudit {
  url: string;
  blocking: Violation[];
  headingsOne: number;
  mains: number;
}

/**
 * A page whose every load starts in `theme` and with no open tabs besides the one navigated to,
 * so each screen is checked on its own (a stored tab keeps its page mounted, hidden).
 */
export async function themedPage(
  browser: Browser,
  theme: Theme,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, { viewport });
  await context.addInitScript(
    ({ settingsKey, tabsKey, mode }) => {
      localStorage.setItem(settingsKey, JSON.stringify({ state: { mode }, version: 0 }));
      localStorage.removeItem(tabsKey);
    },
    { settingsKey: SETTINGS_KEY, tabsKey: TABS_KEY, mode: theme },
  );
  return { context, page };
}

/**
 * Waits until the screen has its data: no request in flight, no spinner or skeleton, images
 * loaded, animations done.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some((element) =>
          element.checkVisibility(),
        ) && [...document.images].every((img) => img.complete),
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => undefined); // a spinner that never stops (a 3D viewer without WebGL) is not this check's
  // antd's enter animations fade text in; a half-faded colour would read as low contrast.
  await page.waitForTimeout(300);
}

export async function auditScreen(page: Page, url: string): Promise<ScreenAudit> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${url.replace(/[^\w]+/g, '_')}.png`) });
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    const visible = (selector: string) =>
      [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility()).length;
    return {
      url: location.pathname + location.search,
      blocking: (result.violations as Violation[])
        .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
        .map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
        })),
      headingsOne: visible('h1'),
      mains: visible('main, [role="main"]'),
    };
  }, AXE_TAGS);
}

/** One line per violated rule and up to three of its elements, so a failure reads on its own. */
export function report(audits: ScreenAudit[]): string {
  const lines: string[] = [];
  for (const { url, blocking, headingsOne, mains } of audits) {
    const problems: string[] = [];
    if (headingsOne !== 1) problems.push(`  ${headingsOne} visible h1 (want 1)`);
    if (mains !== 1) problems.push(`  ${mains} visible main landmarks (want 1)`);
    for (const violation of blocking) {
      problems.push(`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})`);
      // One example per distinct message (a contrast rule's colours), at most four.
      const examples = new Map<string, string>();
      for (const node of violation.nodes) {
        const summary = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
        const message = summary.replace(/^Element has insufficient color contrast of [\d.]+ /, '');
        if (!examples.has(message)) examples.set(message, `    ${JSON.stringify(node.target)} ${summary}`);
      }
      problems.push(...[...examples.values()].slice(0, 4));
    }
    if (problems.length > 0) lines.push(url, ...problems);
  }
  return lines.join('\n');
}
