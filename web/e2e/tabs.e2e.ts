import { CONTEXT_MENU_MIN_COLUMN_WIDTH } from '@dc/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditScreen } from './support/axe.ts';
import {
  chooseFromHoverMenu,
  launchBrowser,
  loginThroughForm,
  newPage,
  popupsSettled,
} from './support/browser.ts';
import {
  activeTabKey,
  chooseFromContextMenu,
  closeContextMenu,
  contextMenuItems,
  DESIGNER_COURSE,
  dragTab,
  HOME_KEY,
  openByAddress,
  openContextMenu,
  openPage,
  PERSONAL_CENTER,
  SHOW_RANK,
  signInAsDemo,
  tabBar,
  tabNode,
  tabOrder,
  tabPane,
  USER_COURSE,
  waitForActiveTab,
} from './support/tabs.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nickname = (page: Page, key = PERSONAL_CENTER) => tabPane(page, key).getByLabel('昵称');

/** An element each page renders once loaded (not its loading placeholder). */
const PAGE_CONTENT: Readonly<Record<string, string>> = {
  // The title: the figures wait for data, which a hidden page does not subscribe to.
  [HOME_KEY]: 'h4',
  [DESIGNER_COURSE]: 'h4',
};

/** Marks a loaded page's DOM; the mark is gone only if the page was mounted afresh. */
async function markPage(page: Page, key: string): Promise<void> {
  const content = tabPane(page, key).locator(PAGE_CONTENT[key]!).first();
  await content.waitFor({ state: 'attached' });
  await content.evaluate((node) => {
    (node as HTMLElement).dataset.e2eMark = 'still-mounted';
  });
}
const pageStillMarked = (page: Page, key: string) =>
  tabPane(page, key).evaluate(
    (pane, selector) => pane.querySelector<HTMLElement>(selector)?.dataset.e2eMark ?? null,
    PAGE_CONTENT[key]!,
  );

describe('§2 tab bar in Chromium', () => {
  it('§2 tab bar: home tab /my-vault is pinned first and not closable', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY]);
    await expect(tabNode(page, HOME_KEY).innerText()).resolves.toBe('首页');
    await expect(tabNode(page, HOME_KEY).locator('.ant-tabs-tab-remove').count()).resolves.toBe(0);

    await openPage(page, DESIGNER_COURSE);
    await openPage(page, SHOW_RANK);
    await chooseFromContextMenu(page, SHOW_RANK, '关闭其他');
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, SHOW_RANK]);
    await chooseFromContextMenu(page, HOME_KEY, '关闭右侧');
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY]);
    // It stands for /my-vault/vault-statistics, where /my-vault redirects.
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await context.close();
  });

  it('§2 tab bar: opening a console page adds or activates its tab, titled from the menu; redirects never become tabs', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await openPage(page, SHOW_RANK);
    await expect(tabNode(page, DESIGNER_COURSE).innerText()).resolves.toBe('设计师课程');
    await expect(tabNode(page, SHOW_RANK).innerText()).resolves.toBe('秀场排行');
    await expect(activeTabKey(page)).resolves.toBe(SHOW_RANK);

    await openPage(page, DESIGNER_COURSE);
    await expect(activeTabKey(page)).resolves.toBe(DESIGNER_COURSE);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, DESIGNER_COURSE, SHOW_RANK]);

    // A group redirects to its first child; an unknown path to /result/404, a page of its own.
    await page.goto('/data');
    await page.waitForURL(/\/data\/data-analysis$/);
    await tabNode(page, '/data/data-analysis').waitFor();
    await page.goto('/no-such-page');
    await page.waitForURL(/\/result\/404$/);
    await tabNode(page, '/result/404').waitFor();
    await expect(tabNode(page, '/result/404').innerText()).resolves.toBe('访问页面不存在');
    const keys = await tabOrder(page);
    expect(keys).toEqual([HOME_KEY, DESIGNER_COURSE, SHOW_RANK, '/data/data-analysis', '/result/404']);
    await context.close();
  });

  it('§2 tab bar: tabs can be dragged to reorder, except the home tab', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await openPage(page, USER_COURSE);
    await openPage(page, SHOW_RANK);

    await dragTab(page, SHOW_RANK, DESIGNER_COURSE);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, SHOW_RANK, DESIGNER_COURSE, USER_COURSE]);
    await dragTab(page, SHOW_RANK, USER_COURSE);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, DESIGNER_COURSE, USER_COURSE, SHOW_RANK]);

    // The home tab does not move, and nothing is dropped before it.
    await dragTab(page, HOME_KEY, USER_COURSE);
    await dragTab(page, USER_COURSE, HOME_KEY);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, USER_COURSE, DESIGNER_COURSE, SHOW_RANK]);
    await context.close();
  });

  it('§2 tab bar: the right-click menu offers refresh, close left from the third tab, close right except on the last, close others with more than two tabs', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await expect(contextMenuItems(page, HOME_KEY)).resolves.toEqual(['刷新', '关闭右侧']);
    await expect(contextMenuItems(page, DESIGNER_COURSE)).resolves.toEqual(['刷新']);

    await openPage(page, USER_COURSE);
    await openPage(page, SHOW_RANK);
    await expect(contextMenuItems(page, HOME_KEY)).resolves.toEqual(['刷新', '关闭右侧', '关闭其他']);
    await expect(contextMenuItems(page, DESIGNER_COURSE)).resolves.toEqual(['刷新', '关闭右侧', '关闭其他']);
    await expect(contextMenuItems(page, USER_COURSE)).resolves.toEqual([
      '刷新',
      '关闭左侧',
      '关闭右侧',
      '关闭其他',
    ]);
    await expect(contextMenuItems(page, SHOW_RANK)).resolves.toEqual(['刷新', '关闭左侧', '关闭其他']);

    const menu = await openContextMenu(page, SHOW_RANK);
    const menuWidth = await menu
      .locator('.ant-dropdown-menu')
      .evaluate((node) => (node as HTMLElement).offsetWidth);
    expect(menuWidth).toBeGreaterThanOrEqual(CONTEXT_MENU_MIN_COLUMN_WIDTH);
    await closeContextMenu(page, menu);

    // The items do what they say; the right-clicked tab becomes the current page.
    await chooseFromContextMenu(page, USER_COURSE, '关闭左侧');
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, USER_COURSE, SHOW_RANK]);
    await chooseFromContextMenu(page, USER_COURSE, '关闭右侧');
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, USER_COURSE]);
    await page.waitForURL((url) => url.pathname === USER_COURSE);
    await context.close();
  });

  it('§2 tab bar: after the current tab closes, the view moves to the neighbouring tab', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await openPage(page, USER_COURSE);
    await openPage(page, SHOW_RANK);
    await tabNode(page, USER_COURSE).click();
    await waitForActiveTab(page, USER_COURSE);

    // The right-hand neighbour takes over…
    await tabNode(page, USER_COURSE).locator('.ant-tabs-tab-remove').click();
    await page.waitForURL((url) => url.pathname === SHOW_RANK);
    await waitForActiveTab(page, SHOW_RANK);
    // …or the left-hand one when the closed tab was the last.
    await tabNode(page, SHOW_RANK).locator('.ant-tabs-tab-remove').click();
    await page.waitForURL((url) => url.pathname === DESIGNER_COURSE);
    await waitForActiveTab(page, DESIGNER_COURSE);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, DESIGNER_COURSE]);
    // Closing a tab that is not current stays where it is.
    await openPage(page, USER_COURSE);
    await tabNode(page, DESIGNER_COURSE).locator('.ant-tabs-tab-remove').click();
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, USER_COURSE]);
    expect(new URL(page.url()).pathname).toBe(USER_COURSE);
    await context.close();
  });

  it('§2 tab bar: refresh re-mounts only that page', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await markPage(page, DESIGNER_COURSE);
    await openPage(page, PERSONAL_CENTER);
    const original = await nickname(page).inputValue();
    await nickname(page).fill('typed before refresh');
    await markPage(page, HOME_KEY);

    await chooseFromContextMenu(page, PERSONAL_CENTER, '刷新');
    await expect.poll(() => nickname(page).inputValue()).toBe(original);
    // The other open pages were not touched.
    await expect(pageStillMarked(page, DESIGNER_COURSE)).resolves.toBe('still-mounted');
    await expect(pageStillMarked(page, HOME_KEY)).resolves.toBe('still-mounted');

    // Refreshing a background tab shows it, mounted afresh.
    await chooseFromContextMenu(page, DESIGNER_COURSE, '刷新');
    await page.waitForURL((url) => url.pathname === DESIGNER_COURSE);
    await expect.poll(() => pageStillMarked(page, DESIGNER_COURSE)).toBeNull();
    await context.close();
  });

  it('§2 tab bar: a page keeps its typed input and scroll position when switching tabs and back', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 480 } });
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await openPage(page, PERSONAL_CENTER);
    await nickname(page).fill('kept across tabs');
    const scrolled = await page.evaluate(() => {
      const halfway = Math.floor((document.documentElement.scrollHeight - window.innerHeight) / 2);
      window.scrollTo(0, halfway);
      return halfway;
    });
    expect(scrolled).toBeGreaterThan(40);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

    // The bar stays under the fixed header, so the tabs are reachable without scrolling back up.
    await tabNode(page, DESIGNER_COURSE).click();
    await waitForActiveTab(page, DESIGNER_COURSE);
    await expect(nickname(page).isVisible()).resolves.toBe(false);
    await tabNode(page, PERSONAL_CENTER).click();
    await waitForActiveTab(page, PERSONAL_CENTER);
    await expect(nickname(page).inputValue()).resolves.toBe('kept across tabs');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await context.close();
  });

  it('§2 tab bar: tabs survive a reload', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await openPage(page, SHOW_RANK);
    await dragTab(page, SHOW_RANK, DESIGNER_COURSE);
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, SHOW_RANK, DESIGNER_COURSE]);

    await page.reload();
    await tabNode(page, SHOW_RANK).waitFor();
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, SHOW_RANK, DESIGNER_COURSE]);
    await expect(tabNode(page, SHOW_RANK).innerText()).resolves.toBe('秀场排行');
    await expect(activeTabKey(page)).resolves.toBe(SHOW_RANK);

    // Storage that is not ours is ignored: the bar starts again from the home tab.
    await page.evaluate(() => localStorage.setItem('designer-console:tabs', '{not json'));
    await page.goto('/my-vault/vault-statistics');
    await tabNode(page, HOME_KEY).waitFor();
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY]);
    await context.close();
  });

  it('§2 tab bar: switching language keeps the open tabs, their order and their pages state', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await openPage(page, PERSONAL_CENTER);
    await nickname(page).fill('kept across languages');

    await chooseFromHoverMenu(page, page.getByRole('button', { name: '切换语言' }), 'English');
    await expect.poll(() => tabNode(page, HOME_KEY).innerText()).toBe('Home');
    await expect(tabNode(page, DESIGNER_COURSE).innerText()).resolves.toBe('Designer courses');
    await expect(tabNode(page, PERSONAL_CENTER).innerText()).resolves.toBe('Personal center');
    await expect.poll(() => tabOrder(page)).toEqual([HOME_KEY, DESIGNER_COURSE, PERSONAL_CENTER]);
    await expect(tabPane(page, PERSONAL_CENTER).getByLabel('Nickname').inputValue()).resolves.toBe(
      'kept across languages',
    );
    await expect(contextMenuItems(page, DESIGNER_COURSE)).resolves.toEqual([
      'Refresh',
      'Close right',
      'Close others',
    ]);
    await context.close();
  });

  it('§2 tab bar: a login tab is never kept, and another designer signing in gets none of the previous tabs', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await chooseFromHoverMenu(page, page.getByTestId('user-menu'), '退出登录');
    await page.getByLabel('账号').waitFor();
    await expect(tabBar(page).count()).resolves.toBe(0);

    await loginThroughForm(page, 'newcomer', 'demo123456');
    await tabNode(page, HOME_KEY).waitFor();
    await page.waitForURL((url) => url.pathname !== '/start/login');
    const keys = await tabOrder(page);
    expect(keys).not.toContain(DESIGNER_COURSE);
    expect(keys.some((key) => key.startsWith('/start'))).toBe(false);
    const stored = await page.evaluate(() => localStorage.getItem('designer-console:tabs') ?? '');
    expect(stored).not.toContain(DESIGNER_COURSE);
    await context.close();
  });

  it('§2 tab bar: with multi-tab pages off there is no tab bar and only the current page renders', async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemo(page);
    await openPage(page, DESIGNER_COURSE);
    await page.evaluate(() =>
      localStorage.setItem(
        'designer-console:settings',
        JSON.stringify({ state: { isUseTabsRouter: false }, version: 0 }),
      ),
    );
    await page.goto('/user/index');
    await page.getByLabel('昵称').waitFor();
    await expect(tabBar(page).count()).resolves.toBe(0);
    await expect(page.getByTestId('tab-pane').count()).resolves.toBe(0);
    await context.close();
  });
});

/** The strip against its own box: its tabs wider than it, and whether the tab `key` is in view. */
function stripGeometry(page: Page, key: string) {
  return tabBar(page).evaluate((bar, tabKey) => {
    const wrap = bar.querySelector('.ant-tabs-nav-wrap')!.getBoundingClientRect();
    const tabs = [...bar.querySelectorAll('.ant-tabs-nav-list > .ant-tabs-tab')].map((tab) =>
      tab.getBoundingClientRect(),
    );
    const tab = bar.querySelector(`.ant-tabs-nav-list > .ant-tabs-tab[data-node-key="${tabKey}"]`)!;
    const box = tab.getBoundingClientRect();
    return {
      overflowing: tabs.at(-1)!.right - tabs[0]!.left > wrap.width + 1,
      stripInWindow: wrap.left >= 0 && wrap.right <= window.innerWidth,
      tabInView: box.left >= wrap.left - 1 && box.right <= wrap.right + 1,
      pageWidth: document.documentElement.scrollWidth,
    };
  }, key);
}

describe('§2 tab bar on a 390 × 844 phone', () => {
  const PHONE = { width: 390, height: 844 };
  const ALL_OPEN = '所有打开的页面';
  const FANS_LIST = '/fans/fans-list';
  const BOUTIQUE_LIST = '/boutique/boutique-list';

  it('§2 tab bar on a phone: no "…" overflow menu; the strip scrolls in its own box; 所有打开的页面 lists every open page and jumps to one', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await signInAsDemo(page);
    for (const key of [DESIGNER_COURSE, USER_COURSE, SHOW_RANK, FANS_LIST, BOUTIQUE_LIST]) {
      await openByAddress(page, key);
    }
    await expect(tabBar(page).locator('.ant-tabs-nav-more').isVisible()).resolves.toBe(false);
    // The current (last) tab is in view, the home tab scrolled out of the strip, not the page.
    await expect
      .poll(() => stripGeometry(page, HOME_KEY))
      .toEqual({
        overflowing: true,
        stripInWindow: true,
        tabInView: false,
        pageWidth: PHONE.width,
      });

    await page.getByRole('button', { name: ALL_OPEN, exact: true }).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.waitFor();
    await popupsSettled(page);
    const titles = await menu.getByRole('menuitem').allInnerTexts();
    expect(titles.map((title) => title.trim())).toEqual([
      '首页',
      '设计师课程',
      '用户课程',
      '秀场排行',
      '粉丝列表',
      '精品列表',
    ]);
    await expect(menu.locator('.ant-dropdown-menu-item-selected').innerText()).resolves.toBe('精品列表');
    await menu
      .getByRole('menuitem')
      .filter({ hasText: /^首页$/ })
      .click();
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await waitForActiveTab(page, HOME_KEY);
    await expect
      .poll(() => stripGeometry(page, HOME_KEY))
      .toMatchObject({ tabInView: true, pageWidth: PHONE.width });

    await context.close();
  });
});

describe('§2 tab bar on a 1366 × 860 laptop with more tabs than fit', () => {
  it('§2 tab bar: no "…" inside the tablist (axe aria-required-children, critical, once the tabs overflowed); 所有打开的页面 beside the strip instead', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 860 } });
    await signInAsDemo(page);
    for (const key of MANY_PAGES) await openByAddress(page, key);
    await expect
      .poll(() => stripGeometry(page, HOME_KEY))
      .toMatchObject({ overflowing: true, tabInView: false });
    await expect(tabBar(page).locator('.ant-tabs-nav-more').isVisible()).resolves.toBe(false);
    const audit = await auditScreen(page, MANY_PAGES.at(-1)!);
    expect(audit.blocking.map(({ id }) => id)).toEqual([]);
    await page.getByRole('button', { name: '所有打开的页面', exact: true }).click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await menu.waitFor();
    await expect(menu.getByRole('menuitem').count()).resolves.toBe(MANY_PAGES.length + 1);
    await context.close();
  });

  it("§2 tab bar: scrolled under the tab bar, a table's fixed column does not paint over it (antd stacks those cells at z-index 24)", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 860 } });
    await signInAsDemo(page);
    await page.goto('/fans/fans-list');
    await page.getByTestId('fan-table').locator('tbody tr').nth(5).waitFor();
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // What is drawn over the tab strip, where the fan column passes under it, is the tab bar.
    const onTop = await tabBar(page).evaluate((bar) => {
      const strip = bar.querySelector('.ant-tabs-nav-wrap')!.getBoundingClientRect();
      const covered = [40, 100, 200]
        .map((dx) => document.elementFromPoint(strip.left + dx, strip.top + strip.height / 2))
        .filter((hit) => !bar.contains(hit))
        .map((hit) => hit?.className.toString().slice(0, 60));
      return { covered };
    });
    expect(onTop).toEqual({ covered: [] });
    await context.close();
  });
});

/** Enough pages that their tabs overflow a laptop's strip. */
const MANY_PAGES = [
  DESIGNER_COURSE,
  USER_COURSE,
  SHOW_RANK,
  '/fans/fans-list',
  '/boutique/boutique-list',
  '/label/tag-list',
  '/fans/fans-impression',
  '/smartClient/crowd-pack',
  '/data/designer-course-rank',
  '/data/user-course-rank',
  '/basic-information/shop-address',
  '/my-vault/vault-detailed',
];
