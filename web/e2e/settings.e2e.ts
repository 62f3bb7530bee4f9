import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromHoverMenu, DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

const SETTINGS_KEY = 'designer-console:settings';
const DEFAULT_BRAND_RGB = 'rgb(89, 59, 255)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh context signed in as the demo designer, on vault statistics. */
async function signedIn(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, options);
  await page.goto('/start/login');
  await loginThroughForm(page, DEMO.account, DEMO.password);
  await page.waitForURL(/\/my-vault\/vault-statistics$/);
  await page.getByTestId('sidebar').or(page.getByTestId('app-header')).first().waitFor();
  return { context, page };
}

/** Opens 页面配置 from its button (header, or the floating one while the header is hidden). */
async function openSettings(page: Page, name = '页面配置'): Promise<Locator> {
  await page.getByRole('button', { name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name });
  await drawer.waitFor();
  return drawer;
}

async function closeSettings(page: Page, drawer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

const backgroundOf = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Relative luminance 0 (black) … 1 (white) of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const storedSettings = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.state, SETTINGS_KEY);

const themeOfDocument = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('§2 settings drawer (页面配置) and layout modes in Chromium', () => {
  it('§2 settings: brand colour preset applies to the primary button', async () => {
    const { context, page } = await signedIn();
    const drawer = await openSettings(page);
    const copyButton = drawer.getByRole('button', { name: '复制配置' });
    expect(await backgroundOf(copyButton)).toBe(DEFAULT_BRAND_RGB);
    const preset = drawer.getByRole('button', { name: '品牌色 #0052D9' });
    await preset.click();
    await expect.poll(() => backgroundOf(copyButton)).toBe('rgb(0, 82, 217)');
    expect(await preset.getAttribute('aria-pressed')).toBe('true');
    expect((await storedSettings(page)).brandTheme).toBe('#0052D9');
    // The whole app follows, not only the drawer: the current menu group takes the brand colour.
    await closeSettings(page, drawer);
    const selectedItem = page
      .getByTestId('sidebar')
      .locator('.ant-menu-submenu-selected > .ant-menu-submenu-title');
    await expect
      .poll(() => selectedItem.evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(0, 82, 217)');
    await context.close();
  });

  it('§2 settings: dark mode re-themes the layout', async () => {
    const { context, page } = await signedIn();
    const header = page.getByTestId('app-header');
    const sidebar = page.getByTestId('sidebar');
    expect(luminance(await backgroundOf(header))).toBeGreaterThan(0.9);
    const drawer = await openSettings(page);
    await drawer.getByText('深色', { exact: true }).click();
    await expect.poll(() => themeOfDocument(page)).toBe('dark');
    await expect.poll(async () => luminance(await backgroundOf(header))).toBeLessThan(0.15);
    expect(luminance(await backgroundOf(sidebar))).toBeLessThan(0.15);
    expect(luminance(await backgroundOf(page.locator('.ant-layout').first()))).toBeLessThan(0.15);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    await drawer.getByText('浅色', { exact: true }).click();
    await expect.poll(async () => luminance(await backgroundOf(header))).toBeGreaterThan(0.9);
    await context.close();
  });

  it('§2 settings: follow system follows OS changes live', async () => {
    const { context, page } = await signedIn();
    await page.emulateMedia({ colorScheme: 'light' });
    const drawer = await openSettings(page);
    await drawer.getByText('跟随系统', { exact: true }).click();
    expect(await themeOfDocument(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => themeOfDocument(page)).toBe('dark');
    const header = page.getByTestId('app-header');
    await expect.poll(async () => luminance(await backgroundOf(header))).toBeLessThan(0.15);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => themeOfDocument(page)).toBe('light');
    expect((await storedSettings(page)).mode).toBe('auto');
    await context.close();
  });

  it('§2 settings: settings persist across reloads including a custom colour', async () => {
    const { context, page } = await signedIn();
    let drawer = await openSettings(page);
    await drawer.getByTestId('custom-brand-color').click();
    const hexInput = page.locator('.ant-color-picker-hex-input input');
    await hexInput.fill('0B7A70');
    await expect.poll(async () => (await storedSettings(page)).brandTheme).toBe('#0B7A70');
    // A click outside closes the picker's popover, which covers the rest of the drawer.
    await drawer.getByRole('heading', { name: '主题模式' }).click();
    await hexInput.waitFor({ state: 'hidden' });
    // The colour as drawn: adjusted for contrast where it needs to be (issue 17), the same after a reload.
    const drawnBrand = await backgroundOf(drawer.getByRole('button', { name: '复制配置' }));
    expect(drawnBrand).not.toBe(DEFAULT_BRAND_RGB);
    await drawer.getByRole('button', { name: '顶部布局' }).click();
    await drawer.getByRole('switch', { name: '显示页脚' }).click();
    await page.reload();
    await page.getByTestId('app-header').waitFor();
    expect(await storedSettings(page)).toMatchObject({
      brandTheme: '#0B7A70',
      layout: 'top',
      showFooter: false,
    });
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    drawer = await openSettings(page);
    expect(await backgroundOf(drawer.getByRole('button', { name: '复制配置' }))).toBe(drawnBrand);
    expect(await drawer.getByTestId('custom-brand-color').getAttribute('aria-pressed')).toBe('true');
    expect(await drawer.getByRole('switch', { name: '显示页脚' }).getAttribute('aria-checked')).toBe('false');
    await context.close();
  });

  it('§2 settings: copy configuration shows 复制成功 and puts the settings JSON on the clipboard', async () => {
    const { context, page } = await signedIn();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '品牌色 #00A870' }).click();
    await drawer.getByRole('button', { name: '复制配置' }).click();
    await page.getByText('复制成功').waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({
      brandTheme: '#00A870',
      layout: 'side',
      mode: 'light',
      isUseTabsRouter: true,
    });
    await context.close();
  });

  it('§2 settings: a refused clipboard shows 复制失败', async () => {
    const { context, page } = await signedIn();
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '复制配置' }).click();
    await page.getByText('复制失败').waitFor();
    await context.close();
  });

  it('§2 settings: reset to defaults restores the default settings', async () => {
    const { context, page } = await signedIn();
    const drawer = await openSettings(page);
    await drawer.getByText('深色', { exact: true }).click();
    await drawer.getByRole('button', { name: '混合布局' }).click();
    await drawer.getByRole('button', { name: '恢复默认' }).click();
    await expect.poll(() => themeOfDocument(page)).toBe('light');
    expect(await storedSettings(page)).toMatchObject({
      mode: 'light',
      layout: 'side',
      brandTheme: '#593BFF',
    });
    await context.close();
  });

  it('§2 layout side: sidebar with the logo, header beside it', async () => {
    const { context, page } = await signedIn();
    const sidebar = page.getByTestId('sidebar');
    const header = page.getByTestId('app-header');
    await expect(sidebar.getByRole('link', { name: '设计师后台' }).count()).resolves.toBe(1);
    await expect(header.getByRole('link', { name: '设计师后台' }).count()).resolves.toBe(0);
    const [siderBox, headerBox] = [await sidebar.boundingBox(), await header.boundingBox()];
    expect(siderBox?.y).toBe(0);
    expect(headerBox?.x).toBeGreaterThanOrEqual((siderBox?.width ?? 0) - 1);
    for (const name of ['折叠侧边栏', '通知', '切换语言', '页面配置']) {
      await expect(header.getByRole('button', { name, exact: true }).count()).resolves.toBe(1);
    }
    await context.close();
  });

  it('§2 layout top: logo and horizontal menu in the header, no sidebar', async () => {
    const { context, page } = await signedIn();
    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '顶部布局' }).click();
    await closeSettings(page, drawer);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    const header = page.getByTestId('app-header');
    await header.getByRole('link', { name: '设计师后台' }).waitFor();
    expect(await header.locator('.ant-menu-horizontal').count()).toBe(1);
    await chooseFromHoverMenu(page, header.getByRole('menuitem', { name: /基本信息/ }), '个人信息');
    await page.waitForURL(/\/basic-information\/self-information$/);
    // Nothing to collapse without a sidebar.
    expect(await header.getByRole('button', { name: '折叠侧边栏' }).count()).toBe(0);
    await context.close();
  });

  it('§2 layout mix: header with the logo across the top, sidebar with the whole menu below', async () => {
    const { context, page } = await signedIn();
    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '混合布局' }).click();
    await closeSettings(page, drawer);
    const header = page.getByTestId('app-header');
    const sidebar = page.getByTestId('sidebar');
    await header.getByRole('link', { name: '设计师后台' }).waitFor();
    const headerBox = await header.boundingBox();
    const siderBox = await sidebar.boundingBox();
    expect(headerBox).toMatchObject({ x: 0, y: 0, width: 1366 });
    expect(siderBox?.y).toBeGreaterThanOrEqual((headerBox?.height ?? 64) - 1);
    await sidebar.getByRole('menuitem', { name: /课程管理/ }).waitFor();
    expect(await sidebar.getByRole('link', { name: '设计师后台' }).count()).toBe(0);
    await context.close();
  });

  it('§2 split menu (mix only): top bar shows first-level items, sidebar the children of the current one', async () => {
    const { context, page } = await signedIn();
    let drawer = await openSettings(page);
    expect(await drawer.getByRole('switch', { name: '分割菜单' }).count()).toBe(0);
    await drawer.getByRole('button', { name: '混合布局' }).click();
    await drawer.getByRole('switch', { name: '分割菜单' }).click();
    await closeSettings(page, drawer);
    const topBar = page.getByTestId('section-menu');
    const sidebar = page.getByTestId('sidebar');
    await topBar.getByRole('menuitem', { name: /我的金库/ }).waitFor();
    await expect(topBar.locator('.ant-menu-item-selected').innerText()).resolves.toContain('我的金库');
    await sidebar.getByRole('menuitem', { name: /金库明细/ }).waitFor();
    expect(await sidebar.getByRole('menuitem', { name: /课程管理/ }).count()).toBe(0);
    // A first-level item leads to its redirect, never a blank group page.
    await topBar.getByRole('menuitem', { name: /课程管理/ }).click();
    await page.waitForURL(/\/course\/designer-course$/);
    await sidebar.getByRole('menuitem', { name: /用户课程/ }).waitFor();
    expect(await sidebar.getByRole('menuitem', { name: /金库明细/ }).count()).toBe(0);
    drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '侧边布局' }).click();
    expect(await drawer.getByRole('switch', { name: '分割菜单' }).count()).toBe(0);
    await closeSettings(page, drawer);
    expect(await page.getByTestId('section-menu').count()).toBe(0);
    await context.close();
  });

  it('§2 settings: show header only in the side layout', async () => {
    const { context, page } = await signedIn();
    let drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '显示顶栏' }).click();
    await closeSettings(page, drawer);
    expect(await page.getByTestId('app-header').count()).toBe(0);
    // The sidebar carries the collapse button, and a floating button still opens the drawer.
    await page.getByTestId('sidebar').getByRole('button', { name: '折叠侧边栏' }).waitFor();
    drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '顶部布局' }).click();
    expect(await drawer.getByRole('switch', { name: '显示顶栏' }).count()).toBe(0);
    await page.getByTestId('app-header').waitFor();
    await drawer.getByRole('button', { name: '混合布局' }).click();
    expect(await drawer.getByRole('switch', { name: '显示顶栏' }).count()).toBe(0);
    await page.getByTestId('app-header').waitFor();
    await drawer.getByRole('button', { name: '侧边布局' }).click();
    await drawer.getByRole('switch', { name: '显示顶栏' }).click();
    await page.getByTestId('app-header').waitFor();
    await context.close();
  });

  it('§2 settings: fixed sidebar, breadcrumbs and footer switch on and off', async () => {
    const { context, page } = await signedIn();
    const sidebar = page.getByTestId('sidebar');
    const position = () => sidebar.evaluate((el) => getComputedStyle(el).position);
    expect(await position()).toBe('sticky');
    await page.locator('.ant-breadcrumb').waitFor();
    await page.locator('.ant-layout-footer').waitFor();
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '固定侧边栏' }).click();
    await drawer.getByRole('switch', { name: '显示面包屑' }).click();
    await drawer.getByRole('switch', { name: '显示页脚' }).click();
    await drawer.getByRole('switch', { name: '使用多标签页' }).click();
    expect(await position()).not.toBe('sticky');
    expect(await page.locator('.ant-breadcrumb').count()).toBe(0);
    expect(await page.locator('.ant-layout-footer').count()).toBe(0);
    expect(await storedSettings(page)).toMatchObject({
      isSidebarFixed: false,
      showBreadcrumb: false,
      showFooter: false,
      isUseTabsRouter: false,
    });
    await context.close();
  });

  it('§2 layout: a window 991 px wide or narrower collapses the sidebar and widening expands it', async () => {
    const { context, page } = await signedIn();
    const sidebar = page.getByTestId('sidebar');
    const width = async () => (await sidebar.boundingBox())?.width;
    expect(await width()).toBe(232);
    await page.setViewportSize({ width: 991, height: 800 });
    await expect.poll(width).toBe(64);
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(width).toBe(232);
    // The collapse button still works by hand.
    await page.getByRole('button', { name: '折叠侧边栏' }).click();
    await expect.poll(width).toBe(64);
    await context.close();
  });

  it('§3 settings: corrupt settings in storage are ignored', async () => {
    const { context, page } = await signedIn();
    await page.evaluate((key) => localStorage.setItem(key, 'garbage{"not json'), SETTINGS_KEY);
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    await page.getByTestId('app-header').waitFor();
    expect(await themeOfDocument(page)).toBe('light');
    const drawer = await openSettings(page);
    expect(await backgroundOf(drawer.getByRole('button', { name: '复制配置' }))).toBe(DEFAULT_BRAND_RGB);
    await closeSettings(page, drawer);
    // Partly foreign storage: the valid field is kept, the rest fall back.
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ state: { layout: 'diagonal', mode: 42, brandTheme: '#834EC2' }, version: 0 }),
        ),
      SETTINGS_KEY,
    );
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    const drawerAgain = await openSettings(page);
    expect(await backgroundOf(drawerAgain.getByRole('button', { name: '复制配置' }))).toBe(
      'rgb(131, 78, 194)',
    );
    await context.close();
  });

  it('§2 settings in both languages: 页面配置 and Page configuration', async () => {
    const { context, page } = await signedIn();
    let drawer = await openSettings(page);
    await drawer.getByText('主题模式').waitFor();
    await closeSettings(page, drawer);
    await chooseFromHoverMenu(page, page.getByRole('button', { name: '切换语言' }), 'English');
    drawer = await openSettings(page, 'Page configuration');
    await drawer.getByText('Theme mode').waitFor();
    await drawer.getByRole('button', { name: 'Copy configuration' }).waitFor();
    await drawer.getByRole('switch', { name: 'Show breadcrumbs' }).waitFor();
    for (const name of ['Collapse sidebar', 'Notifications', 'Language']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    await context.close();
  });
});
