import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
});
afterAll(async () => {
  await browser?.close();
});

/** antd puts a space between the two characters of a two-character button label. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** Opens an antd Select inside `scope` and picks the option showing `text`. */
async function pick(select: Locator, text: string | RegExp) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** The live total once it shows a number different from `before`. */
async function liveTotal(before?: string): Promise<string> {
  const total = page.getByTestId('pack-live-total');
  await expect
    .poll(
      async () => {
        const text = (await total.textContent()) ?? '';
        return /\d/.test(text) && text !== before ? text : '';
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return (await total.textContent()) ?? '';
}

const stamp = Date.now().toString(36).slice(-5);

describe('issue 8: crowd packs in the browser', () => {
  it('§issue 8: builds a rule pack with two groups and watches the count change', async () => {
    await page.goto('/smartClient/crowd-pack-edit');
    const conditions = page.getByTestId('rule-condition');
    await conditions.first().waitFor();
    await pick(conditions.first().locator('.ant-select').nth(1), '女');
    const female = await liveTotal();
    await page
      .getByRole('button', { name: /添加条件组/ })
      .first()
      .click();
    await pick(conditions.nth(1).locator('.ant-select').nth(1), '男');
    // female AND (male): nobody.
    const both = await liveTotal(female);
    expect(both).toContain('匹配 0 位粉丝');
    // The group beside it shows its own count.
    expect(await page.getByTestId('rule-group-count').nth(1).textContent()).toMatch(/\d/);
    await page.getByTestId('rule-group').first().getByText('满足任一').first().click();
    const either = await liveTotal(both);
    expect(either).not.toBe(female);
    await page.getByLabel('人群包名称').fill(`e2e 规则 ${stamp}`);
    await page.getByRole('button', { name: label('保存') }).click();
    await page.waitForURL(/crowd-pack-detail\?id=\d+/);
    await expect.poll(() => page.getByTestId('pack-detail-name').textContent()).toBe(`e2e 规则 ${stamp}`);
  });

  it('§issue 8 item 1: "bought a course" with a course picked counts its buyers among the fans', async () => {
    await page.goto('/smartClient/crowd-pack-edit');
    const condition = page.getByTestId('rule-condition').first();
    await condition.waitFor();
    await pick(condition.getByTestId('rule-field'), '购买过课程');
    // Any course within 30 days: demo's buyers are fans, so some match.
    const any = await liveTotal();
    expect(any).toMatch(/匹配 [1-9][\d,]* 位粉丝/);
    await condition.getByRole('spinbutton').fill('365');
    const year = await liveTotal(any);
    await pick(condition.getByTestId('rule-courses'), '旗袍立裁入门');
    const one = await liveTotal(year);
    expect(one).toMatch(/匹配 [1-9][\d,]* 位粉丝/);
    expect(one).not.toBe(year);
  });

  it('§issue 8: combines two packs with an exclusion, then opens the detail and a trace', async () => {
    await page.goto('/smartClient/crowd-pack-combined-edit');
    await page.getByTestId('pack-include-group').first().waitFor();
    await pick(page.getByTestId('pack-include-group').first().locator('.ant-select'), /近30天活跃/);
    const included = await liveTotal();
    await pick(page.getByTestId('pack-exclude'), /高消费女性/);
    const excluded = await liveTotal(included);
    expect(excluded).not.toBe(included);
    await page.getByTestId('pack-overlap').waitFor();
    await page.getByLabel('人群包名称').fill(`e2e 组合 ${stamp}`);
    await page.getByRole('button', { name: label('保存') }).click();
    await page.waitForURL(/crowd-pack-detail\?id=\d+/);
    await page.getByTestId('pack-members').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: '为什么在这里' }).first().click();
    const drawer = page.getByTestId('pack-trace');
    await drawer.getByText('在最近一次计算的成员中').waitFor();
    expect(await drawer.getByTestId('trace-node').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
  });

  it('§issue 8: tags all members of the pack', async () => {
    await page.getByRole('button', { name: /为全部成员打标签/ }).click();
    const dialog = page.getByRole('dialog', { name: /为 .* 位成员添加标签/ });
    await dialog.waitFor();
    await pick(dialog.locator('.ant-select'), /.+/);
    await dialog.getByRole('button', { name: label('确定') }).click();
    await page.getByText(/已添加 \d+ 个标签/).waitFor();
  });
});

/** `CROWD_PACK_SHOTS=<dir>`: screenshots of every screen in light and dark theme, for a human look. */
const shots = process.env.CROWD_PACK_SHOTS;
describe.runIf(Boolean(shots))('issue 8: screenshots', () => {
  it('takes the screens in both themes', async () => {
    for (const mode of ['light', 'dark']) {
      await page.evaluate((m) => {
        localStorage.setItem('designer-console:settings', JSON.stringify({ state: { mode: m }, version: 0 }));
      }, mode);
      for (const [name, path] of [
        ['list', '/smartClient/crowd-pack'],
        ['edit', '/smartClient/crowd-pack-edit?id=3'],
        ['combined', '/smartClient/crowd-pack-combined-edit?id=5'],
        ['detail', '/smartClient/crowd-pack-detail?id=5'],
      ] as const) {
        await page.goto(path);
        await page.waitForTimeout(2500);
        await page.screenshot({ path: `${shots}/${name}-${mode}.png`, fullPage: true });
      }
      await page.getByRole('button', { name: '为什么在这里' }).first().click();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${shots}/trace-${mode}.png` });
    }
  });
});
