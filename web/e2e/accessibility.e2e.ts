import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoApi, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';
import { everyConsoleRoute, type RouteToOpen } from './support/menu-routes.ts';

/**
 * Issue 17 point 4 (WCAG 2.2 AA): axe-core on every screen of the menu tree, the shell's own
 * pages, the login page and the public pages, in the light and the dark theme. 0 critical and 0
 * serious violations, exactly one h1 and one main landmark on each.
 */

// Evaluated rather than added as a script tag: the console's CSP (script-src 'self') refuses inline scripts.
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SETTINGS_KEY = 'designer-console:settings';
const TABS_KEY = 'designer-console:tabs';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Set E2E_SHOTS_DIR to keep a screenshot of each screen checked. */
const shotsDir = process.env.E2E_SHOTS_DIR;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** What one screen gave: its blocking violations and its h1 / main counts. */
interface ScreenAudit {
  url: string;
  blocking: Violation[];
  headingsOne: number;
  mains: number;
}

let browser: Browser;
let routes: RouteToOpen[];
beforeAll(async () => {
  browser = await launchBrowser();
  routes = await everyConsoleRoute();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Every load starts in `theme` and with no open tabs besides the one navigated to, so each
 * screen is checked on its own (a stored tab keeps its page mounted, hidden).
 */
async function themedContext(theme: Theme): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await context.addInitScript(
    ({ settingsKey, tabsKey, mode }) => {
      localStorage.setItem(settingsKey, JSON.stringify({ state: { mode }, version: 0 }));
      localStorage.removeItem(tabsKey);
    },
    { settingsKey: SETTINGS_KEY, tabsKey: TABS_KEY, mode: theme },
  );
  return { context, page };
}

/** Waits until the screen has its data: no request in flight, no spinner or skeleton, animations done. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some((element) =>
          element.checkVisibility(),
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // antd's enter animations fade text in; a half-faded colour would read as low contrast.
  await page.waitForTimeout(300);
}

async function auditScreen(page: Page, url: string): Promise<ScreenAudit> {
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
function report(audits: ScreenAudit[]): string {
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

async function auditEach(page: Page, urls: string[]): Promise<ScreenAudit[]> {
  const audits: ScreenAudit[] = [];
  for (const url of urls) {
    await page.goto(url);
    await settle(page);
    audits.push(await auditScreen(page, url));
  }
  return audits;
}

async function publicUrls(): Promise<string[]> {
  const [{ slug }, looks] = await Promise.all([
    demoApi<{ slug: string }>('/recruitment'),
    demoApi<{ dataList: Array<{ id: number }> }>('/looks?online=1&pageSize=1'),
  ]);
  const look = looks.dataList[0];
  return [
    '/start/login',
    '/start/register',
    '/status-info',
    `/recruit/${slug}`,
    ...(look ? [`/3D-h5?id=${look.id}`] : []),
  ];
}

describe('issue 17 point 4: WCAG 2.2 AA — axe-core 0 critical / 0 serious, one h1 and one main', () => {
  for (const theme of THEMES) {
    it(`every console route of the menu tree, ${theme} theme`, { timeout: 420_000 }, async () => {
      const { context, page } = await themedContext(theme);
      await page.goto('/start/login');
      await loginThroughForm(page, DEMO.account, DEMO.password);
      await page.waitForURL(/\/my-vault\/vault-statistics$/);
      const audits = await auditEach(
        page,
        routes.map((route) => route.url),
      );
      await context.close();
      expect(audits.length).toBe(routes.length);
      expect(report(audits)).toBe('');
    });

    it(`the login page and the public pages, ${theme} theme`, { timeout: 120_000 }, async () => {
      const { context, page } = await themedContext(theme);
      // The recruit page counts a visit once per address per half hour: auditing it must not
      // take the visit another test makes (impressions.e2e counts one).
      await page.route('**/public/recruitment/*/visits', (route) =>
        route.fulfill({ json: { code: 200, status: 0, msg: 'success', data: null } }),
      );
      const audits = await auditEach(page, await publicUrls());
      await context.close();
      expect(report(audits)).toBe('');
    });
  }

  it('the yellow brand preset: the active menu item and primary button read, and the field says the colour was adjusted', async () => {
    const { context, page } = await themedContext('light');
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await page.getByRole('button', { name: '页面配置', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '页面配置' });
    await drawer.getByRole('button', { name: '品牌色 #EBB105' }).click();
    await drawer.getByTestId('brand-color-adjusted').waitFor();
    expect(await drawer.getByTestId('brand-color-adjusted').textContent()).toContain('#EBB105');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await settle(page);
    const audit = await auditScreen(page, '/my-vault/vault-statistics (yellow brand)');
    await context.close();
    expect(report([audit])).toBe('');
  });
});
