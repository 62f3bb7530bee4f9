import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** antd puts a space between the two characters of a two-character button label. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

async function signedIn(): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
  return page;
}

const firstFanLink = (page: Page) =>
  page.getByTestId('fan-table').locator('tbody a[href*="/detail/fans-detail/"]').first();

async function posterCounts(page: Page) {
  const row = page.getByTestId('recruit-count-poster');
  return {
    follows: Number(await row.getAttribute('data-follows')),
    visits: Number(await row.getAttribute('data-visits')),
  };
}

async function saveRecruitment(page: Page, enabled: boolean) {
  const toggle = page.getByRole('switch', { name: '开启招募页' });
  if ((await toggle.getAttribute('aria-checked')) !== String(enabled)) await toggle.click();
  await page
    .getByTestId('recruit-form')
    .getByRole('button', { name: label('保存') })
    .click();
  await page.getByText('招募设置已保存').first().waitFor();
}

describe('issue 7 items 6 and 7: fan impressions and recruitment in the browser', () => {
  it('§issue 7 item 6: an impression added on a fan’s detail page shows in the word cloud', async () => {
    const page = await signedIn();
    await page.goto('/fans/fans-list');
    const link = firstFanLink(page);
    await link.waitFor();
    await page.goto((await link.getAttribute('href'))!);
    const box = page.getByTestId('fan-impressions');
    await box.waitFor();
    const word = `浏览器${Date.now() % 100_000}`;
    await box.getByLabel('输入或选择印象词').fill(word);
    await box.getByRole('button', { name: /添\s?加/ }).click();
    await box.locator('.ant-tag', { hasText: word }).waitFor();
    await page.goto('/fans/fans-impression');
    const inCloud = page.getByTestId('impression-cloud').locator(`[data-word="${word}"]`);
    await inCloud.waitFor();
    expect(await inCloud.getAttribute('data-count')).toBe('1');
    await inCloud.click();
    await page
      .getByTestId('impression-fans')
      .locator('tbody a[href*="/detail/fans-detail/"]')
      .first()
      .waitFor();
  });

  it('§issue 7 item 7: recruitment on, a phone follows on the public page, the channel count and auto tags follow; the poster downloads', async () => {
    const page = await signedIn();
    await page.goto('/fans/fans-recruit');
    await page.getByTestId('recruit-form').waitFor();
    const link = await page.getByTestId('recruit-link-poster').inputValue();
    const { pathname, search } = new URL(link);
    expect(search).toBe('?ch=poster');
    const autoTag = (
      await page.getByTestId('recruit-form').locator('.ant-select .ant-tag').first().textContent()
    )?.trim();
    expect(autoTag).toBeTruthy();

    // Off: the public page is gone.
    await saveRecruitment(page, false);
    const { context: phone, page: phonePage } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await phonePage.goto(`${pathname}${search}`);
    await phonePage.getByText('招募页不存在或已关闭').waitFor();

    // On: the phone sees it and follows.
    await saveRecruitment(page, true);
    const before = await posterCounts(page);
    await phonePage.reload();
    const form = phonePage.getByTestId('recruit-follow-form');
    await form.waitFor();
    const nickname = `手机粉丝${Date.now() % 100_000}`;
    await form.getByLabel('昵称').fill(nickname);
    await form.getByRole('button', { name: label('关注') }).click();
    await phonePage.getByTestId('recruit-thanks').waitFor();
    await phone.close();

    await page.reload();
    await page.getByTestId('recruit-form').waitFor();
    const after = await posterCounts(page);
    expect(after.follows).toBe(before.follows + 1);
    expect(after.visits).toBe(before.visits + 1);

    // The newest fan is the one just recruited, carrying the auto tag.
    await page.goto('/fans/fans-list');
    const first = page.getByTestId('fan-table').locator('tbody tr.ant-table-row').first();
    await first.getByText(nickname).waitFor();
    expect(await first.textContent()).toContain(autoTag);
    expect(await first.textContent()).toContain('招募');

    // The poster downloads as a PNG.
    await page.goto('/fans/fans-recruit');
    const button = page.getByRole('button', { name: /下载海报/ });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
  });
});
