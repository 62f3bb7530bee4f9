import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoApi, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';
import type { DrawnChart } from './support/charts.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: { width: 1440, height: 900 } }));
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
});
afterAll(async () => {
  await browser?.close();
});

/** What the chart `testId` drew, once drawn. */
async function drawnOf(testId: string): Promise<Omit<DrawnChart, 'label'>> {
  const chart = page.getByTestId(testId);
  await chart.waitFor();
  await expect.poll(() => chart.getAttribute('data-chart-y'), { timeout: 10_000 }).not.toBeNull();
  return chart.evaluate((node) => ({
    smooth: Number((node as HTMLElement).dataset.chartSmooth),
    axes: JSON.parse((node as HTMLElement).dataset.chartY ?? '[]'),
  }));
}

describe('issue 17 item 6: sparse daily series drawn without smoothing on sensible axes', () => {
  it('§issue 17 item 6: a course’s sparse daily sales (0–3 buyers) are drawn without a smoothed line', async () => {
    const courses = await demoApi<{ dataList: Array<{ id: number }> }>('/courses?pageSize=1');
    await page.goto(`/detail/course-detail/${courses.dataList[0]!.id}`);
    const trend = await drawnOf('course-trend-chart');
    expect(trend.smooth).toBe(0);
    const [buyers, revenue] = trend.axes;
    expect(buyers).toMatchObject({ min: 0, counts: true });
    expect(revenue!.min).toBe(0);
  });

  it('§issue 17 item 6: the overview draws orders (a count) straight on a whole-step axis from 0', async () => {
    await page.goto('/data/data-analysis');
    const money = await drawnOf('money-trend-chart');
    // At most the sales amount is smoothed (when dense and never 0); orders never.
    expect(money.smooth).toBeLessThanOrEqual(1);
    expect(money.axes[1]).toMatchObject({ min: 0, counts: true });
  });
});
