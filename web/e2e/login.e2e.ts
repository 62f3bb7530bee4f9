import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  chooseFromHoverMenu,
  DEMO,
  launchBrowser,
  loginThroughForm,
  newPage,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The figure the server computes, straight from the API, to compare with the screen. */
async function availableBalanceFromApi(): Promise<number> {
  const form = new FormData();
  form.set('account', DEMO.account);
  form.set('password', DEMO.password);
  const login = await fetch(`${baseUrl}/designerapi/v1/login`, { method: 'POST', body: form }).then((r) =>
    r.json(),
  );
  const balance = await fetch(`${baseUrl}/designerapi/v1/vault/balance`, {
    headers: { authToken: login.data.token },
  }).then((r) => r.json());
  return balance.data.available as number;
}

describe('login, guard and logout in Chromium', () => {
  it('§4 guard: without a token a guarded page goes to /start/login with the redirect query', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/my-vault/vault-statistics');
    await page.waitForURL(/\/start\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my-vault/vault-statistics');
    await page.getByLabel('账号').waitFor();
    await context.close();
  });

  it('§4 guard: login as demo lands on vault statistics showing the real balance from the server', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL(/\/start\/login/);
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    const available = await availableBalanceFromApi();
    const yuan = Math.trunc(available / 100).toLocaleString('zh-CN');
    // The card shows a skeleton until the balance arrives.
    const card = page.getByTestId('balance-available');
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toContain(yuan);
    expect(available).toBeGreaterThan(0);
    await context.close();
  });

  it('§4 guard: after login the redirect query target is opened', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start/login?redirect=%2Fmy-vault%2Fvault-statistics');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await context.close();
  });

  it('§8 20001: a wrong password shows the server message and stays on login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, 'wrong-password');
    await page.getByText('账号或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/start/login');
    await context.close();
  });

  it('the password form submitted empty says each field is required under it, marks it invalid and sends nothing; typing clears that field’s message', async () => {
    const { context, page } = await newPage(browser);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/designerapi/v1/login')) logins.push(request.url());
    });
    await page.goto('/start/login');
    const account = page.getByLabel('账号');
    const password = page.getByLabel('密码', { exact: true });
    await account.fill('   ');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const alerts = page.getByRole('alert');
    await expect.poll(() => alerts.allInnerTexts()).toEqual(['请输入账号', '请输入密码']);
    expect(await account.getAttribute('aria-invalid')).toBe('true');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // The message is the field's description, read with it.
    const describedBy = await account.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('请输入账号');
    expect(logins).toEqual([]);
    await account.fill('demo');
    await expect.poll(() => alerts.allInnerTexts()).toEqual(['请输入密码']);
    expect(await account.getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });

  it('§4 logout clears the token from both storages and goes to /start/login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await chooseFromHoverMenu(page, page.getByTestId('user-menu'), '退出登录');
    await page.waitForURL(/\/start\/login/);
    const stored = await page.evaluate(() => [
      ...Object.keys(localStorage).filter((k) => k.endsWith('token')),
      ...Object.keys(sessionStorage).filter((k) => k.endsWith('token')),
    ]);
    expect(stored).toEqual([]);
    // The guarded page is closed again.
    await page.goto('/my-vault/vault-statistics');
    await page.waitForURL(/\/start\/login\?redirect=/);
    await context.close();
  });

  it('§4 with a token, /start/login redirects to /home and on to vault statistics', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await page.goto('/start/login');
    await page.waitForURL(/\/my-vault\/vault-statistics$/);
    await context.close();
  });
});
