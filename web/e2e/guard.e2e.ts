import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFromHoverMenu, DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sidebarText = (page: Page) => page.getByTestId('sidebar').innerText();

async function signIn(page: Page, account: string = DEMO.account) {
  await page.goto('/start/login');
  await loginThroughForm(page, account, DEMO.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/start'));
}

describe('§4 guard and the route tree from the server', () => {
  it('§2 / and /home redirect to vault statistics; /start and /loginRedirect/index to login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start');
    await page.waitForURL(/\/start\/login$/);
    await page.goto('/loginRedirect/index');
    await page.waitForURL(/\/start\/login$/);
    await signIn(page);
    await page.goto('/');
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await page.goto('/home');
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await context.close();
  });

  it('§2 an established designer gets the full menu sorted by orderNo, hidden routes not listed', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.getByTestId('sidebar').getByText('智能客户').waitFor();
    const text = await sidebarText(page);
    const order = [
      '基本信息',
      '课程管理',
      '短视频管理',
      '我的金库',
      '数据分析',
      '商家精品',
      '标签管理',
      '粉丝管理',
      '智能客户',
    ];
    const positions = order.map((title) => text.indexOf(title));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain('粉丝详情');
    await context.close();
  });

  it('§2 a group redirects to its first child; /label goes to /label/tag-list', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/course');
    await page.waitForURL(/\/course\/designer-course$/);
    await page.goto('/label');
    await page.waitForURL(/\/label\/tag-list$/);
    await context.close();
  });

  it('§2 any unknown path redirects to /result/404', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.goto('/no/such/page');
    await page.waitForURL(/\/result\/404$/);
    await context.close();
  });

  it('§4 a deep link to a hidden route while logged out lands on it after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/detail/fans-detail/42');
    await page.waitForURL(/\/start\/login\?redirect=/);
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/detail\/fans-detail\/42$/);
    await context.close();
  });

  it('§2 a newly registered designer sees only 基本信息 › 设计师资料', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'newcomer');
    await page.goto('/basic-information');
    await page.waitForURL(/\/basic-information\/designer-information$/);
    const text = await sidebarText(page);
    expect(text).toContain('基本信息');
    expect(text).not.toContain('课程管理');
    expect(text).not.toContain('我的金库');
    await context.close();
  });

  it('§4 routes are rebuilt after re-login as another user: none of the previous user survive', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.getByTestId('sidebar').getByText('智能客户').waitFor();
    await chooseFromHoverMenu(page, page.getByTestId('user-menu'), '退出登录');
    await page.waitForURL(/\/start\/login/);
    await loginThroughForm(page, 'newcomer', DEMO.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/start'));
    await page.getByTestId('sidebar').getByText('基本信息').waitFor();
    expect(await sidebarText(page)).not.toContain('智能客户');
    // A page of the full console says why it is not there yet (issue 17 point 6), not 404.
    await page.goto('/smartClient/crowd-pack');
    await page.getByText('请先完善设计师信息').waitFor();
    await context.close();
  });

  it("§8 a menu API failure shows 'Can't build routes' with a retry that recovers", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    let failures = 1;
    await page.route('**/designerapi/v1/menu**', (route) =>
      failures-- > 0 ? route.abort() : route.continue(),
    );
    await page.reload();
    await page.getByText("Can't build routes").waitFor();
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await page.getByTestId('sidebar').getByText('智能客户').waitFor();
    await context.close();
  });

  it('§4 a failed user-info fetch clears the token and goes to /start/login', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await page.route('**/designerapi/v1/yiDesigner/modifyInfo**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":50000,"status":1,"msg":"x","data":null}',
      }),
    );
    await page.reload();
    await page.waitForURL(/\/start\/login$/);
    const token = await page.evaluate(() => localStorage.getItem('designer-console:token'));
    expect(token).toBeNull();
    await context.close();
  });
});
