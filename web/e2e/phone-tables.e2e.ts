import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditScreen, report, settle, themedPage } from './support/axe.ts';
import { DEMO, demoApi, launchBrowser, loginThroughForm } from './support/browser.ts';
import { sidewaysOverflow } from './support/fit-probes.ts';
import { brokenFigures, clippedContent, crampedCardHeads, squeezedListRows } from './support/phone-probes.ts';

/**
 * Lists and figures on a 390 × 844 phone, zh-CN (issue 17 point 3): the upload list, the brand
 * manager, account security, a course's lessons, pending settlements and an impression's fans;
 * the figures in en-US too.
 * Each screen: nothing scrolls the page sideways, no text or button inside the part is cut, and
 * axe-core finds 0 critical / 0 serious; then what that part must do on a phone.
 */

const PHONE = { width: 390, height: 844 };
const LONG_NAME = 'spring-summer-collection-backstage-full-cut-camera-one-final-version-2026.webm';

let browser: Browser;
let opened: { context: BrowserContext; page: Page };
beforeAll(async () => {
  browser = await launchBrowser();
  opened = await themedPage(browser, 'light', PHONE);
  await opened.page.goto('/start/login');
  await loginThroughForm(opened.page, DEMO.account, DEMO.password);
  await opened.page.waitForURL(/\/my-vault\/vault-statistics$/);
}, 60_000);
afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
});

/** The checks every screen gets: axe, sideways scroll, and nothing cut inside `scope`. */
async function fits(page: Page, scope: string) {
  const accessibility = report([await auditScreen(page, new URL(page.url()).pathname)]);
  const sideways = await page.evaluate(sidewaysOverflow);
  const clipped = await page.evaluate(clippedContent, scope);
  return { accessibility, sideways, clipped };
}
const FITS = { accessibility: '', sideways: [], clipped: [] };
const LANGUAGES = ['zh-CN', 'en-US'] as const;

/** The console's language for the next loads (where the header's switch keeps it). */
async function chooseLanguage(page: Page, language: (typeof LANGUAGES)[number]): Promise<void> {
  await page.evaluate(
    (value) =>
      localStorage.setItem(
        'designer-console:language',
        JSON.stringify({ state: { language: value }, version: 0 }),
      ),
    language,
  );
}

/** A file name's lines, whether it is cut with an ellipsis, and its title. */
const nameShape = (element: Element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  return {
    lines: lines.size,
    ellipsis: element.scrollWidth > element.clientWidth,
    title: element.getAttribute('title'),
  };
};

describe('issue 17: lists and figures on a 390 × 844 phone, zh-CN', () => {
  it('upload list: a long file name shrinks with an ellipsis on one line, its whole name in the title; figures and buttons stay in the card; the head buttons are spaced from its line', async () => {
    const { context, page } = opened;
    const file = path.join(os.tmpdir(), `${Date.now()}-${LONG_NAME}`);
    // Only its name matters: bytes the browser cannot play upload the same (no duration, no frame).
    writeFileSync(file, randomBytes(256 * 1024));
    // Parts never finish: the row stays 上传中 with its buttons.
    const hold = () => undefined;
    await context.route(/partNumber=/, hold);
    try {
      await page.goto('/short-video/publish-video');
      await settle(page);
      await page.locator('.ant-upload-drag input[type=file]').setInputFiles(file);
      // The picked file's name, before publishing clears the list: it does not widen the form.
      await page.getByTestId('picked-files').waitFor();
      const picked = page.getByTestId('picked-files').locator('.ant-typography-ellipsis').first();
      expect({
        picked: await picked.evaluate(nameShape),
        sideways: await page.evaluate(sidewaysOverflow),
      }).toEqual({ picked: { lines: 1, ellipsis: true, title: path.basename(file) }, sideways: [] });
      await page.getByLabel('标题').fill('手机上传列表');
      await page.getByTestId('publish-button').click();
      const row = page.getByTestId('upload-row').first();
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 20_000 }).toBe('Uploading');
      // Not settle(): the held parts keep the network busy.
      await page.waitForTimeout(500);

      const name = row.locator('.ant-typography-ellipsis').first();
      expect(await name.evaluate(nameShape)).toEqual({
        lines: 1,
        ellipsis: true,
        title: path.basename(file),
      });
      const card = '.ant-card:has([data-testid="upload-row"])';
      expect({ ...(await fits(page, card)), cramped: await page.evaluate(crampedCardHeads, card) }).toEqual({
        ...FITS,
        cramped: [],
      });

      // Cancelled, so no unfinished upload is left for the other tests.
      await row.getByRole('button', { name: /取\s*消/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await expect.poll(() => page.getByTestId('upload-row').count()).toBe(0);
    } finally {
      await context.unroute(/partNumber=/, hold);
    }
  }, 90_000);

  it('brand manager: each brand keeps the row for its text, 品牌页 / 编辑 / 删除 under it', async () => {
    const { page } = opened;
    await page.goto('/boutique/boutique-list');
    await settle(page);
    await page.getByRole('button', { name: /品牌管理$/ }).click();
    const drawer = '.ant-drawer-open .ant-drawer-content-wrapper';
    await page.locator(`${drawer} .ant-list-item`).first().waitFor();
    await settle(page);
    expect({
      ...(await fits(page, drawer)),
      squeezed: await page.evaluate(squeezedListRows, drawer),
    }).toEqual({
      ...FITS,
      squeezed: [],
    });
    await page.keyboard.press('Escape');
  });

  it('account security: the phone and WeChat rows keep the row for their text, 更换手机 / 解绑 under it', async () => {
    const { page } = opened;
    await page.goto('/basic-information/self-information');
    await page.getByTestId('self-phone').waitFor();
    await settle(page);
    const card = '.ant-card:has([data-testid="self-phone"])';
    expect({ ...(await fits(page, card)), squeezed: await page.evaluate(squeezedListRows, card) }).toEqual({
      ...FITS,
      squeezed: [],
    });
  });

  // Figures in English too: its longer words ran together at 390 px ('1 min110 completed').
  it.each(LANGUAGES)(
    "course lessons (%s): each lesson's duration and completions stay on one line, apart from the rest",
    async (language) => {
      const { dataList } = await demoApi<{ dataList: Array<{ id: number }> }>(
        '/courses?status=on_sale&sortBy=students&pageSize=1',
      );
      const { page } = opened;
      await chooseLanguage(page, language);
      try {
        await page.goto(`/detail/course-detail/${dataList[0]!.id}`);
        await page.getByTestId('course-lessons').locator('.ant-list-item').first().waitFor();
        await settle(page);
        const lessons = '[data-testid="course-lessons"]';
        expect({
          ...(await fits(page, lessons)),
          figures: await page.evaluate(brokenFigures, {
            scope: lessons,
            selector: '.ant-list-item .ant-typography-secondary',
          }),
        }).toEqual({ ...FITS, figures: [] });
      } finally {
        await chooseLanguage(page, 'zh-CN');
      }
    },
  );

  it.each(LANGUAGES)(
    "pending settlements (%s): the total and each day's money stay on one line, apart from the rest",
    async (language) => {
      const { page } = opened;
      await chooseLanguage(page, language);
      try {
        await page.goto('/my-vault/vault-statistics');
        await page.getByTestId('pending-settlements').locator('.ant-list-item').first().waitFor();
        await settle(page);
        const card = '.ant-card:has([data-testid="pending-settlements"])';
        expect({
          ...(await fits(page, card)),
          figures: await page.evaluate(brokenFigures, {
            scope: card,
            selector: '.ant-card-extra .ant-typography, .ant-list-item-extra',
          }),
        }).toEqual({ ...FITS, figures: [] });
      } finally {
        await chooseLanguage(page, 'zh-CN');
      }
    },
  );

  it("an impression's fans: all four columns, scrolling inside the card with the fan kept in view", async () => {
    const { page } = opened;
    await page.goto('/fans/fans-impression');
    await page.getByTestId('impression-cloud').locator('[data-word]').first().click();
    const fans = '[data-testid="impression-fans"]';
    await page.locator(`${fans} tbody tr.ant-table-row`).first().waitFor();
    await settle(page);
    const table = await page.locator(fans).evaluate((card) => {
      const scroller = card.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!;
      const cardBox = card.getBoundingClientRect();
      return {
        headers: [...card.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim()),
        scrollsInside: scroller.scrollWidth > scroller.clientWidth,
        cardInWindow: cardBox.left >= 0 && cardBox.right <= window.innerWidth,
        fanKept: getComputedStyle(card.querySelector('thead th')!).position === 'sticky',
      };
    });
    expect(table).toEqual({
      headers: ['粉丝', '性别', '来源', '关注时间'],
      scrollsInside: true,
      cardInWindow: true,
      fanKept: true,
    });
    expect(await fits(page, fans)).toEqual(FITS);
  });
});
