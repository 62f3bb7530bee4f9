import type { Locator, Page } from 'playwright-core';
import { chooseFromHoverMenu, DEMO, loginThroughForm, navigateInApp, popupsSettled } from './browser.ts';

export const HOME_KEY = '/my-vault';
export const DESIGNER_COURSE = '/course/designer-course';
export const USER_COURSE = '/course/user-course';
export const SHOW_RANK = '/data/show-rank';
export const PERSONAL_CENTER = '/user/index';

export const tabBar = (page: Page): Locator => page.getByTestId('tab-bar');

export const tabNode = (page: Page, key: string): Locator =>
  tabBar(page).locator(`.ant-tabs-nav-list > .ant-tabs-tab[data-node-key="${key}"]`);

/** The page of a tab, visible or hidden. */
export const tabPane = (page: Page, key: string): Locator =>
  page.locator(`[data-testid="tab-pane"][data-tab-key="${key}"]`);

/** Tab keys in bar order. */
export function tabOrder(page: Page): Promise<string[]> {
  return tabBar(page)
    .locator('.ant-tabs-nav-list > .ant-tabs-tab')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-key') ?? ''));
}

export async function activeTabKey(page: Page): Promise<string | null> {
  return tabBar(page).locator('.ant-tabs-tab-active').getAttribute('data-node-key');
}

/** Signs in as demo through the form and waits for the home page with its tab. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
  await tabNode(page, HOME_KEY).waitFor();
}

const SIDEBAR_ITEMS: Readonly<Record<string, [group: string, item: string]>> = {
  [DESIGNER_COURSE]: ['课程管理', '设计师课程'],
  [USER_COURSE]: ['课程管理', '用户课程'],
  [SHOW_RANK]: ['数据分析', '秀场排行'],
};

/** Opens a page the way a designer does: the sidebar for menu pages, the user menu for 个人中心. */
export async function openPage(page: Page, path: string): Promise<void> {
  if (path === PERSONAL_CENTER) {
    await openPersonalCenter(page);
  } else {
    const [group, item] = SIDEBAR_ITEMS[path]!;
    // Matched by text: a menu item's accessible name also carries its icon's label.
    const menuItem = (text: string) =>
      page
        .getByTestId('sidebar')
        .getByRole('menuitem')
        .filter({ hasText: new RegExp(`^${text}$`) });
    if (!(await menuItem(item).isVisible())) await menuItem(group).click();
    await menuItem(item).click();
  }
  await page.waitForURL((url) => url.pathname === path);
  await waitForActiveTab(page, path);
}

/** Opens a page by its address inside the running app (on a phone the menu is in a drawer). */
export async function openByAddress(page: Page, path: string): Promise<void> {
  await navigateInApp(page, path);
  await waitForActiveTab(page, path);
}

/**
 * The user menu opens on hover, and on a busy machine it can close again between the hover and
 * the click; so the walk is tried again until the address changes.
 */
async function openPersonalCenter(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await chooseFromHoverMenu(page, page.getByTestId('user-menu'), '个人中心');
    // The pointer leaves the header, or the menu may open again.
    await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
    try {
      await page.waitForURL((url) => url.pathname === PERSONAL_CENTER, { timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Waits until a tab is the current one and its page shows. The URL changes first; the screen
 * follows once the router's transition commits.
 */
export async function waitForActiveTab(page: Page, key: string): Promise<void> {
  await tabBar(page).locator(`.ant-tabs-tab-active[data-node-key="${key}"]`).waitFor();
  await tabPane(page, key).waitFor({ state: 'visible' });
}

/** Right-clicks a tab and reads the items of its context menu, then closes the menu. */
export async function contextMenuItems(page: Page, key: string): Promise<string[]> {
  const menu = await openContextMenu(page, key);
  const labels = await menu.locator('.ant-dropdown-menu-item').allInnerTexts();
  await closeContextMenu(page, menu);
  return labels.map((label) => label.trim());
}

const openMenus = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/** Right-clicks a tab once no other menu is open, so the one menu showing is this tab's. */
export async function openContextMenu(page: Page, key: string): Promise<Locator> {
  await openMenus(page).first().waitFor({ state: 'detached' });
  await tabNode(page, key).click({ button: 'right' });
  const menu = openMenus(page).first();
  await menu.waitFor();
  await popupsSettled(page);
  return menu;
}

export async function closeContextMenu(page: Page, menu: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

export async function chooseFromContextMenu(page: Page, key: string, item: string): Promise<void> {
  const menu = await openContextMenu(page, key);
  await menu.getByRole('menuitem', { name: item }).click();
  await menu.waitFor({ state: 'hidden' });
}

/** Drags a tab with the mouse onto another tab, in small steps as a hand would. */
export async function dragTab(page: Page, fromKey: string, toKey: string): Promise<void> {
  const from = await tabNode(page, fromKey).boundingBox();
  const to = await tabNode(page, toKey).boundingBox();
  if (!from || !to) throw new Error('tab not on screen');
  const y = from.y + from.height / 2;
  // Grab the label, away from the close button on the right.
  const startX = from.x + from.width * 0.35;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + (to.x < from.x ? -12 : 12), y, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.mouse.up();
}
