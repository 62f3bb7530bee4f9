import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiToken(): Promise<string> {
  const login = await fetch(`${baseUrl}/designerapi/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((r) => r.json());
  return login.data.token as string;
}

/** Formats fen as the cards do (zh-CN grouping, two decimals). */
const yuanText = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.trunc(Math.abs(fen) / 100).toLocaleString('zh-CN')}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** `-1,234.50` → -123450 fen, by string arithmetic. */
function fenOf(text: string): number {
  const match = /^(-?)([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const fen = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -fen : fen;
}

async function signedIn(): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
  return page;
}

const chartCanvas = (chart: Locator) => chart.locator('canvas').first();
const canvasImage = (chart: Locator) =>
  chartCanvas(chart).evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());

describe('issue 6 我的金库 in Chromium', () => {
  it('§2 the home page shows the balance cards (equal to the API) and the charts of the seeded data', async () => {
    const page = await signedIn();
    const balance = await fetch(`${baseUrl}/designerapi/v1/vault/balance?days=30`, {
      headers: { authToken: await apiToken() },
    }).then((r) => r.json());
    for (const key of ['available', 'pending', 'withdrawn', 'totalEarned'] as const) {
      const card = page.getByTestId(`balance-${key}`);
      await card.waitFor();
      await expect.poll(() => card.innerText()).toContain(yuanText(balance.data[key]));
    }
    expect(balance.data.totalEarned).toBeGreaterThan(0);
    for (const id of ['income-trend-chart', 'income-source-chart']) {
      await chartCanvas(page.getByTestId(id)).waitFor();
    }
    await page.getByTestId('top-items').locator('.ant-list-item').first().waitFor();
    await expect(page.getByTestId('computed-at').innerText()).resolves.toMatch(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );
    await page.context().close();
  });

  it('§2 switching dark mode re-themes the charts live', async () => {
    const page = await signedIn();
    const trend = page.getByTestId('income-trend-chart');
    await chartCanvas(trend).waitFor();
    expect(await trend.getAttribute('data-chart-theme')).toBe('light');
    const lightText = await trend.getAttribute('data-chart-text');
    await page.waitForTimeout(1200); // the first animation ends
    const lightImage = await canvasImage(trend);
    await page.getByRole('button', { name: '页面配置', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '页面配置' });
    await drawer.getByText('深色', { exact: true }).click();
    await expect.poll(() => trend.getAttribute('data-chart-theme')).toBe('dark');
    expect(await trend.getAttribute('data-chart-text')).not.toBe(lightText);
    await chartCanvas(trend).waitFor();
    await page.waitForTimeout(1200);
    expect(await canvasImage(trend)).not.toBe(lightImage);
    await drawer.getByText('浅色', { exact: true }).click();
    await expect.poll(() => trend.getAttribute('data-chart-theme')).toBe('light');
    await page.context().close();
  });

  it('§3 the ledger filters, and its CSV export has the rows and totals of the table', async () => {
    const page = await signedIn();
    await page.goto('/my-vault/vault-detailed');
    const table = page.getByTestId('ledger-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByLabel('类型').click();
    await page.locator('.ant-select-item-option', { hasText: '视频打赏' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () =>
        (await table.locator('tbody tr.ant-table-row').allInnerTexts()).every((row) =>
          row.includes('视频打赏'),
        ),
      )
      .toBe(true);
    const totalsRow = page.getByTestId('ledger-totals');
    const count = Number(/（(\d+) 笔）/.exec(await totalsRow.innerText())?.[1]);
    const totalNet = fenOf(await page.getByTestId('total-net').innerText());
    expect(count).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(count);
    const netOfRows = rows.reduce((sum, row) => sum + fenOf(row.split(',')[9]!), 0);
    expect(netOfRows).toBe(totalNet);
    expect(rows.every((row) => row.includes('视频打赏'))).toBe(true);

    await table.locator('tbody tr.ant-table-row').first().getByRole('button', { name: '详情' }).click();
    await page.getByRole('dialog').getByText('明细详情').waitFor();
    await page.context().close();
  });
});
