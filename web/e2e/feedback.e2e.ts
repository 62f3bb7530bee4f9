import { statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseFromHoverMenu,
  chooseOptions,
  DEMO,
  launchBrowser,
  loginThroughForm,
  newPage,
} from './support/browser.ts';
import { everyConsoleRoute } from './support/menu-routes.ts';
import { recordWebm } from './support/webm.ts';

/** Issue 17 point 6: feedback that tells the truth, in the shell and the forms. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, account: string = DEMO.account) {
  await page.goto('/start/login');
  await loginThroughForm(page, account, DEMO.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/start'));
}

async function switchToEnglish(page: Page) {
  await chooseFromHoverMenu(page, page.getByRole('button', { name: '切换语言' }), 'English');
}

const titleOf = (page: Page) => page.evaluate(() => document.title);

const sidebarItem = (page: Page, text: string) =>
  page
    .getByTestId('sidebar')
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${text}$`) });

async function openFromSidebar(page: Page, group: string, item: string) {
  if (!(await sidebarItem(page, item).isVisible())) await sidebarItem(page, group).click();
  await sidebarItem(page, item).click();
}

const breadcrumbTexts = (page: Page) =>
  page
    .getByTestId('breadcrumb')
    .locator('.ant-breadcrumb-link')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.trim()));

describe('issue 17 point 6: document.title per screen', () => {
  it('the login page, each console screen and its tab, in Chinese and after the switch to English', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start/login');
    await expect.poll(() => titleOf(page)).toBe('登录 · 设计师后台');
    await page.goto('/start/register');
    await expect.poll(() => titleOf(page)).toBe('注册设计师账号 · 设计师后台');

    await signIn(page);
    await expect.poll(() => titleOf(page)).toBe('金库统计 · 设计师后台');
    await openFromSidebar(page, '商家精品', '精品列表');
    await page.waitForURL(/\/boutique\/boutique-list/);
    await expect.poll(() => titleOf(page)).toBe('精品列表 · 设计师后台');

    // Back to the first tab by the tab bar: the title follows the tab on show.
    await page.getByTestId('tab-bar').locator('.ant-tabs-tab[data-node-key="/my-vault"]').click();
    await page.waitForURL(/\/my-vault\/vault-statistics/);
    await expect.poll(() => titleOf(page)).toBe('金库统计 · 设计师后台');

    await switchToEnglish(page);
    await expect.poll(() => titleOf(page)).toBe('Vault statistics · Designer Console');
    await page
      .getByTestId('tab-bar')
      .locator('.ant-tabs-tab[data-node-key="/boutique/boutique-list"]')
      .click();
    await expect.poll(() => titleOf(page)).toBe('Boutique products · Designer Console');
    await context.close();
  });
});

/** Each detail screen of the menu tree and the list it belongs to: section › list › record. */
const DETAIL_SCREENS = [
  { route: '/detail/fans-detail/', trail: ['粉丝管理', '粉丝列表'], list: '/fans/fans-list' },
  { route: '/detail/video-detail/', trail: ['短视频管理', '发布视频'], list: '/short-video/publish-video' },
  { route: '/detail/course-detail/', trail: ['课程管理', '设计师课程'], list: '/course/designer-course' },
  { route: '/detail/3D-recommend-detail/', trail: ['商家精品', '3D推荐'], list: '/boutique/3D-recommend' },
  { route: '/boutique/boutique-detail/', trail: ['商家精品', '精品列表'], list: '/boutique/boutique-list' },
  {
    route: '/boutique/brand-introduction/',
    trail: ['商家精品', '精品列表'],
    list: '/boutique/boutique-list',
  },
  { route: '/smartClient/crowd-pack-detail', trail: ['智能客户', '人群包'], list: '/smartClient/crowd-pack' },
] as const;

describe('issue 17 point 6: breadcrumb and back button the same on every detail page', () => {
  let routes: Awaited<ReturnType<typeof everyConsoleRoute>>;
  let detailPage: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    routes = await everyConsoleRoute();
    detailPage = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(detailPage.page);
  });
  afterAll(async () => {
    await detailPage?.context.close();
  });

  it.each(DETAIL_SCREENS)(
    '$route: section › list › record title; the back button, opened directly, goes to $list',
    async (screen) => {
      const { page } = detailPage;
      const url = routes.find((route) => route.url.startsWith(screen.route))?.url;
      expect(url, screen.route).toBeDefined();
      await page.goto(url!);
      const header = page.getByTestId('detail-header');
      await header.waitFor();
      const title = (await header.locator('h4').innerText()).trim();
      expect(title.length, `${screen.route} names its record`).toBeGreaterThan(0);
      await expect.poll(() => breadcrumbTexts(page)).toEqual([...screen.trail, title]);
      // One back button, at the head's start, before the title.
      await expect(page.getByTestId('detail-back').count()).resolves.toBe(1);
      const [back, heading] = await Promise.all([
        page.getByTestId('detail-back').boundingBox(),
        header.locator('h4').boundingBox(),
      ]);
      expect(back!.x).toBeLessThan(heading!.x);
      await page.getByTestId('detail-back').click();
      await page.waitForURL((target) => target.pathname === screen.list);
    },
  );

  it('on a 390 px phone in English the trail wraps and every crumb stays a 24 px target (WCAG 2.2 target size)', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page);
    await page.evaluate(() =>
      localStorage.setItem(
        'designer-console:language',
        JSON.stringify({ state: { language: 'en-US' }, version: 0 }),
      ),
    );
    for (const route of ['/detail/video-detail/', '/boutique/boutique-detail/']) {
      await page.goto(routes.find((candidate) => candidate.url.startsWith(route))!.url);
      await page.getByTestId('detail-header').waitFor();
      const crumbs = await page
        .getByTestId('breadcrumb')
        .locator('a')
        .evaluateAll((links) =>
          links.map((link) => link.getBoundingClientRect()).map(({ top, height }) => ({ top, height })),
        );
      expect(new Set(crumbs.map(({ top }) => Math.round(top))).size, `${route} wraps`).toBeGreaterThan(1);
      for (const { height } of crumbs) expect(height, route).toBeGreaterThanOrEqual(24);
    }
    await context.close();
  });

  it('opened from the list, the back button returns to the list as it was (its page kept)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/fans/fans-list?page=2');
    const fanLink = page.getByTestId('fan-table').locator('tbody a[href*="/detail/fans-detail/"]').first();
    await fanLink.click();
    await page.waitForURL(/\/detail\/fans-detail\/\d+/);
    await page.getByTestId('detail-back').click();
    await page.waitForURL((target) => target.pathname === '/fans/fans-list');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await context.close();
  });

  it('the video edit form keeps a reading width at 1440 px', async () => {
    const routes = await everyConsoleRoute();
    const { context, page } = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto(routes.find((route) => route.url.startsWith('/detail/video-detail/'))!.url);
    const form = page.getByTestId('video-edit-form');
    await form.waitFor();
    const box = await form.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(640);
    await context.close();
  });
});

describe('issue 17 point 6: a newcomer sent to a full-menu route sees why', () => {
  it('/my-vault says to complete the designer information first, with a button there; an unknown path stays 404', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'newcomer');
    await page.goto('/my-vault');
    await page.getByText('请先完善设计师信息').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-vault');
    await expect.poll(() => titleOf(page)).toBe('请先完善设计师信息 · 设计师后台');
    await page.getByRole('button', { name: '去完善设计师信息' }).click();
    await page.waitForURL((url) => url.pathname === '/basic-information/designer-information');

    await page.goto('/detail/fans-detail/1');
    await page.getByText('请先完善设计师信息').waitFor();
    await page.goto('/no-such-page');
    await page.waitForURL(/\/result\/404$/);
    await context.close();
  });
});

describe('issue 17 point 6: the boutique editor', () => {
  it('原价不能低于售价 shows under 原价 of its row, not the SKU; a size added later takes its place (L before XL)', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto('/boutique/boutique-list');
    await page.getByRole('button', { name: '新建商品' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('商品标题').fill(`E2E 尺码顺序 ${Date.now() % 100_000}`);
    await chooseOptions(page, '分类', '上衣');
    await chooseOptions(page, '尺码', 'XL', 'S');
    await chooseOptions(page, '颜色', '白色');
    // Picked after XL, L goes between S and XL. (Picked by click: Enter after typing "L" chose
    // whichever option antd still had active, sometimes XL, which it then removed.)
    await chooseOptions(page, '尺码', 'L');
    const sizesOfRows = () =>
      drawer.getByTestId('variant-matrix').locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    await expect.poll(sizesOfRows).toEqual(['S', 'L', 'XL']);

    await drawer.getByLabel('批量填充 售价 (元)').fill('300');
    await drawer.getByLabel('批量填充 库存').fill('1');
    await drawer.getByRole('button', { name: '填充全部' }).click();
    await drawer.getByLabel('原价 (元) L 白色').fill('100');
    await page.getByRole('button', { name: '保存草稿' }).click();
    const problem = drawer.getByText('原价不能低于售价');
    await problem.waitFor();
    // Under the 原价 cell of row L: the same table cell as that input.
    const cellOfProblem = problem.locator('xpath=ancestor::td[1]');
    await expect(cellOfProblem.getByLabel('原价 (元) L 白色').count()).resolves.toBe(1);
    await expect(cellOfProblem.getByLabel('SKU L 白色').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('issue 17 point 6: filter selects offer 全部', () => {
  it('the fans list filters read 全部 while nothing narrows them; the ledger type select offers 全部 first', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(page);
    await page.goto('/fans/fans-list');
    const form = page.getByTestId('fan-filter-form');
    await form.waitFor();
    await page.getByRole('button', { name: /更多/ }).click();
    for (const field of ['来源', '性别', '含任一标签']) {
      const item = form.locator('.ant-form-item', { has: page.getByText(field, { exact: true }) });
      await expect(item.locator('.ant-select-placeholder').innerText(), field).resolves.toBe('全部');
    }
    await page.goto('/my-vault/vault-detailed');
    await page.getByLabel('类型').click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    await expect(dropdown.locator('.ant-select-item-option').first().innerText()).resolves.toBe('类型：全部');
    await context.close();
  });
});

describe('issue 17 point 6: upload progress within parts, and a message when a video is published', () => {
  it('the bar moves before the first 1 MB part is done, and 视频已发布 is said at the end', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    // Three parts (1 MB, 1 MB and the rest), small and short (320 × 180, about 2 s) so the
    // server's transcode is quick.
    const file = path.join(os.tmpdir(), `e2e-progress-${Date.now()}.webm`);
    writeFileSync(file, await recordWebm(page, { width: 320, height: 180, bytes: 2.2 * 1_048_576 }));
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(2 * 1_048_576);

    await page.goto('/short-video/publish-video');
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles(file);
    await page.getByTestId('picked-files').waitFor();
    const title = `E2E 进度 ${Date.now() % 100_000}`;
    await page.getByLabel('标题').fill(title);
    // A slow uplink (256 KB/s): a 1 MB part takes about 4 s on its way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page.getByTestId('publish-button').click();

    const row = page.getByTestId('upload-row').first();
    // The row's data-loaded is the bar's percent.
    const firstPart = (1_048_576 / size) * 100;
    // Moving within the first part: some figure above 0 and below the one the first part's end
    // shows (the only figure a bar moved per finished part could show first). Watched until such
    // a figure shows, or the first part's worth is sent (then the bar did not move within it).
    const firstPartShown = Math.floor(firstPart);
    const seen: number[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const loaded = Number((await row.getAttribute('data-loaded').catch(() => null)) ?? 0);
      seen.push(loaded);
      if (loaded >= firstPart || (loaded > 0 && loaded < firstPartShown)) break;
      await page.waitForTimeout(100);
    }
    expect(
      seen.some((loaded) => loaded > 0 && loaded < firstPartShown),
      `seen ${seen.join(' ')}`,
    ).toBe(true);

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText(`视频已发布：${title}`).waitFor({ timeout: 60_000 });
    await context.close();
  }, 150_000);
});
