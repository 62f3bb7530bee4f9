import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditScreen, report, type ScreenAudit, settle, type Theme, themedPage } from './support/axe.ts';
import { DEMO, demoApi, launchBrowser, loginThroughForm } from './support/browser.ts';

/**
 * Issue 17 point 4 (WCAG 2.2 AA) beyond the menu tree: the login page and the public pages in the
 * light and the dark theme, and the yellow brand preset. The console's own screens are audited in
 * every-route.e2e.ts, on the same load as their other checks.
 */

const THEMES: Theme[] = ['light', 'dark'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
    it(`the login page and the public pages, ${theme} theme`, { timeout: 120_000 }, async () => {
      const { context, page } = await themedPage(browser, theme);
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
    const { context, page } = await themedPage(browser, 'light');
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
