import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

/** The system Chromium (no browser downloads here), with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-sandbox',
      '--disable-gpu',
    ],
  });
}

export async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1366, height: 860 },
    locale: options.locale ?? 'zh-CN',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the login form (labels 账号 / 密码, button 登录) and submits it. */
export async function loginThroughForm(page: Page, account: string, password: string): Promise<void> {
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
}

export const DEMO = { account: 'demo', password: 'demo123456' } as const;

let demoToken: Promise<string> | undefined;

/**
 * Signs `context` in as demo without the login form, for a test whose subject is not the login
 * (login.e2e covers the form): a session of its own, stored as the form's "remember me" stores
 * it, before any page of the context loads. Spares loading the vault's charts after the login.
 */
export async function storeDemoSession(context: BrowserContext): Promise<void> {
  const form = new FormData();
  form.set('account', DEMO.account);
  form.set('password', DEMO.password);
  const answer = await fetch(`${baseUrl}/designerapi/v1/login`, { method: 'POST', body: form });
  const body = (await answer.json()) as { data: { token?: string } | null; msg: string };
  const token = body.data?.token;
  if (!token) throw new Error(`demo login failed: ${body.msg}`);
  await context.addInitScript((value) => {
    if (!localStorage.getItem('designer-console:token')) {
      localStorage.setItem('designer-console:token', value);
      localStorage.setItem('designer-console:session', JSON.stringify({ newlyRegister: 0 }));
    }
  }, token);
}

/** The envelope's `data` of a GET as demo, through a session of the test's own (not the page's). */
export async function demoApi<T>(url: string): Promise<T> {
  demoToken ??= (async () => {
    const form = new FormData();
    form.set('account', DEMO.account);
    form.set('password', DEMO.password);
    const answer = await fetch(`${baseUrl}/designerapi/v1/login`, { method: 'POST', body: form });
    return ((await answer.json()) as { data: { token: string } }).data.token;
  })();
  const answer = await fetch(`${baseUrl}/designerapi/v1${url}`, { headers: { authToken: await demoToken } });
  return ((await answer.json()) as { data: T }).data;
}

/**
 * Resolves once no antd popup (dropdown, context menu, submenu) is still in its opening motion.
 * Clicked during the slide-up, the point Playwright aims at can lie on what is under the popup
 * (the header's other buttons, the tab bar); the click lands there and the menu closes. The
 * switch to English and a tab's 关闭其他 failed this way.
 */
export async function popupsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('.ant-dropdown, .ant-menu-submenu-popup')].some((popup) =>
        /-(appear|enter)(\s|$|-)/.test(popup.className),
      ),
  );
}

/**
 * Picks `options` in the antd Select labelled `label` and checks each one took. Under load the
 * dropdown moves as the select grows a tag, and a click aimed during that move lands beside the
 * option (CI's boutique run kept 1 of 2 sizes, twice); such an option is clicked again.
 */
export async function chooseOptions(page: Page, label: string, ...options: string[]): Promise<void> {
  // Held before the click: once open, the listbox carries the same label.
  const field = (await page.getByLabel(label, { exact: true }).elementHandle())!;
  await field.click();
  // This select's own dropdown, found by the listbox its input controls: the last open one can
  // be another select's, still closing. A handle, as a single select's hides on the pick.
  const listbox = await field.getAttribute('aria-controls');
  const opened = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listbox}"]`) });
  const dropdown = (await opened.elementHandle())!;
  for (const option of options) {
    const selected = () =>
      dropdown.evaluate(
        (node, title) =>
          node
            .querySelector(`.ant-select-item-option[title="${CSS.escape(title)}"]`)
            ?.classList.contains('ant-select-item-option-selected') ?? false,
        option,
      );
    for (let attempt = 0; attempt < 3 && !(await selected()); attempt += 1) {
      await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown[class*="-appear"]'));
      await opened.getByTitle(option, { exact: true }).click();
      await page.waitForTimeout(150 * attempt);
    }
    if (!(await selected())) throw new Error(`${label}: the option ${option} did not take`);
  }
  await page.keyboard.press('Escape');
}

/** Hovers `trigger` and clicks the menu item named `item` once the popup has opened. */
export async function chooseFromHoverMenu(page: Page, trigger: Locator, item: string): Promise<void> {
  await trigger.hover();
  const choice = page.getByRole('menuitem', { name: item });
  await choice.waitFor();
  await popupsSettled(page);
  await choice.click();
}

/** Client-side navigation, as a menu link does it: the app stays loaded, its open tabs too. */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForURL((current) => `${current.pathname}${current.search}` === url);
}
