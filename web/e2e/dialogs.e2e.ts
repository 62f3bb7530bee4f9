import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditScreen, settle, type Theme, themedPage } from './support/axe.ts';
import { DEMO, demoApi, launchBrowser, loginThroughForm } from './support/browser.ts';
import { dialogFitProblems } from './support/fit-probes.ts';

/**
 * Issue 17 points 3 and 4 for what opens over a screen: every modal and drawer a designer opens
 * from the menu's screens, on a 390 px phone in the dark and at 1440 px in the light. Each one
 * open and still: axe-core 0 critical / 0 serious (the dialog's own name, labels and colours), the
 * dialog inside the window, its buttons and fields whole, nothing scrolling sideways.
 */

interface DialogToOpen {
  name: string;
  url: () => Promise<string>;
  open(page: Page): Promise<void>;
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).first();
const click = (name: string | RegExp) => async (page: Page) => button(page, name).click();

const DIALOGS: DialogToOpen[] = [
  { name: 'new tag', url: async () => '/label/tag-list', open: click('新建标签') },
  { name: 'new tag classification', url: async () => '/label/tag-list', open: click('新建分类') },
  { name: 'merge a tag', url: async () => '/label/tag-list', open: click('合并') },
  { name: 'new impression', url: async () => '/fans/fans-impression', open: click('新建印象') },
  { name: 'rename an impression', url: async () => '/fans/fans-impression', open: click('重命名') },
  { name: 'delete an impression (confirm)', url: async () => '/fans/fans-impression', open: click('删除') },
  { name: 'new shop address', url: async () => '/basic-information/shop-address', open: click('新增地址') },
  { name: 'change phone', url: async () => '/basic-information/self-information', open: click('更换手机') },
  { name: 'brand manager', url: async () => '/boutique/boutique-list', open: click('品牌管理') },
  {
    name: 'new brand (over the brand manager)',
    url: async () => '/boutique/boutique-list',
    open: async (page) => {
      await button(page, '品牌管理').click();
      await dialogStill(page);
      await page
        .locator('.ant-drawer')
        .getByRole('button', { name: /新建品牌|新增品牌|添加品牌/ })
        .first()
        .click();
    },
  },
  { name: 'withdrawal', url: async () => '/my-vault/vault-detailed', open: click('申请提现') },
  { name: 'ledger entry', url: async () => '/my-vault/vault-detailed', open: click('详情') },
  { name: 'tag a pack', url: firstRulePack, open: click('为全部成员打标签') },
  { name: 'why a member is in a pack', url: firstRulePack, open: click('为什么在这里') },
  { name: 'add a garment to a fan', url: firstFanWithOrders, open: click('添加衣物') },
];

async function firstRulePack(): Promise<string> {
  const { dataList } = await demoApi<{ dataList: Array<{ id: number; kind: string }> }>(
    '/crowd-packs?page=1&pageSize=20',
  );
  const pack = dataList.find((row) => row.kind === 'rule') ?? dataList[0];
  return `/smartClient/crowd-pack-detail?id=${pack?.id}`;
}

async function firstFanWithOrders(): Promise<string> {
  const { dataList } = await demoApi<{ dataList: Array<{ id: number }> }>(
    '/fans?page=1&pageSize=1&sortBy=orderCount&order=desc',
  );
  return `/detail/fans-detail/${dataList[0]?.id}`;
}

/** A modal, drawer or confirm is shown and its opening motion has ended. */
async function dialogStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const open = [...document.querySelectorAll('.ant-modal, .ant-drawer-content-wrapper')].filter((node) =>
        node.checkVisibility(),
      );
      return (
        open.length > 0 &&
        !open.some((node) =>
          [node, ...node.querySelectorAll('*')].some((part) =>
            /-(appear|enter)(\s|$|-)/.test(part.className),
          ),
        ) &&
        !document.querySelector('.ant-modal-wrap [class*="-enter"], .ant-drawer [class*="-enter"]')
      );
    },
    undefined,
    { timeout: 10_000, polling: 50 },
  );
  await page.waitForTimeout(250);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LOOKS: Array<{ look: string; theme: Theme; viewport: { width: number; height: number } }> = [
  { look: '390 × 844 phone, dark', theme: 'dark', viewport: { width: 390, height: 844 } },
  { look: '1440 × 900, light', theme: 'light', viewport: { width: 1440, height: 900 } },
];

describe.each(LOOKS)('issue 17: every dialog at $look', ({ theme, viewport }) => {
  let page: Page;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const opened = await themedPage(browser, theme, viewport);
    page = opened.page;
    close = () => opened.context.close();
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it.each(DIALOGS)('$name: axe-clean, inside the window, its buttons and fields whole', async (dialog) => {
    const url = await dialog.url();
    await page.goto(url);
    await settle(page);
    await dialog.open(page);
    await dialogStill(page);
    const audit = await auditScreen(page, url);
    const fit = await page.evaluate(dialogFitProblems);
    expect({
      blocking: audit.blocking.map(({ id, nodes }) => `${id}: ${JSON.stringify(nodes[0]?.target)}`),
      fit,
    }).toEqual({ blocking: [], fit: [] });
  });
});
