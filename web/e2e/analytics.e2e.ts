import type { AnalyticsOverview } from '@dc/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

let browser: Browser;
let overview: AnalyticsOverview;
beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${baseUrl}/designerapi/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((r) => r.json());
  overview = (
    await fetch(`${baseUrl}/designerapi/v1/analytics/overview?days=30`, {
      headers: { authToken: login.data.token as string },
    }).then((r) => r.json())
  ).data;
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(path: string): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
  await page.goto(path);
  return page;
}

/** `12,345` or `1,234.50` (yuan) → the integer shown, fen for money. */
const shownNumber = (text: string, money: boolean) => {
  const clean = text.replaceAll(',', '').trim();
  if (!money) return Number(clean);
  const [yuan, cents = '00'] = clean.replace('-', '').split('.');
  return (clean.startsWith('-') ? -1 : 1) * (Number(yuan) * 100 + Number(cents));
};

const cardValue = async (page: Page, id: string, money = false) =>
  shownNumber(await page.getByTestId(id).locator('.ant-statistic-content-value').innerText(), money);

describe('issue 6 数据分析 in Chromium', () => {
  it('§4 the overview shows cards equal to the API for 30 days, with the time computed', async () => {
    const page = await signedIn('/data/data-analysis');
    await page.getByTestId('computed-at').waitFor();
    await expect.poll(() => cardValue(page, 'card-fans-total')).toBe(overview.fans.total.value);
    expect(await cardValue(page, 'card-fans-new')).toBe(overview.fans.new.value);
    expect(await cardValue(page, 'card-fans-lost')).toBe(overview.fans.lost.value);
    expect(await cardValue(page, 'card-fans-active')).toBe(overview.fans.active.value);
    expect(await cardValue(page, 'card-income', true)).toBe(overview.income.value);
    expect(await cardValue(page, 'card-orders')).toBe(overview.sales.orders.value);
    expect(await cardValue(page, 'card-sales-amount', true)).toBe(overview.sales.amount.value);
    expect(overview.fans.total.value).toBeGreaterThan(0);
    await page.getByTestId('fans-trend-chart').locator('canvas').first().waitFor();
    await page.getByTestId('money-trend-chart').locator('canvas').first().waitFor();
    await page.context().close();
  });

  it('§4 a card opens its list, holding the rows the card counts', async () => {
    const page = await signedIn('/data/data-analysis');
    await page.getByTestId('card-fans-new-link').click();
    await page.waitForURL(/\/data\/fans-analysis-list\/new\?days=30$/);
    const table = page.getByTestId('fans-table');
    await table.locator('.ant-table-row').first().waitFor();
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').innerText())
      .toContain(String(overview.fans.new.value));
    await page.context().close();
  });

  it('§6 a ranking shows movement arrows against the previous period', async () => {
    const page = await signedIn('/data/show-rank');
    await page.getByTestId('ranking-table').locator('.ant-table-row').first().waitFor();
    const moved = page.locator('[data-movement="up"], [data-movement="down"]');
    await expect.poll(() => moved.count()).toBeGreaterThan(0);
    await expect(moved.first().getAttribute('aria-label')).resolves.toMatch(/^(上升|下降) \d+ 名$/);
    await page.context().close();
  });

  it('§4 switching the period refetches the figures', async () => {
    const page = await signedIn('/data/data-analysis');
    await page.getByTestId('computed-at').waitFor();
    const refetch = page.waitForRequest((request) => request.url().includes('/analytics/overview?days=7'));
    await page.getByText('近 7 天', { exact: true }).click();
    await refetch;
    await page.waitForURL(/days=7/);
    await expect.poll(() => cardValue(page, 'card-fans-new')).toBeLessThanOrEqual(overview.fans.new.value);
    await page.context().close();
  });
});
