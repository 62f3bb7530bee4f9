import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { OutboxItem } from '@dc/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const API = `${baseUrl}/designerapi/v1`;

/** A 1×1 PNG to upload as a portfolio piece. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The lasting address of one of the designer's uploads: what the portfolio keeps. */
const LASTING_ADDRESS = /^\/designerapi\/v1\/image-files\/designers\/\d+\/images\//;

const pieces = (page: Page) => page.getByTestId('portfolio-piece').locator('img');

/**
 * Issue 4: a portfolio picture is uploaded through the form's drop tile (the uploader's image
 * path); it shows as a new piece, kept by its lasting address.
 */
async function uploadPortfolioPiece(page: Page, name: string): Promise<string> {
  const before = await pieces(page).count();
  await page
    .getByTestId('portfolio-pictures')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect.poll(() => pieces(page).count(), { timeout: 30_000 }).toBe(before + 1);
  const kept = (await pieces(page).nth(before).getAttribute('src')) ?? '';
  expect(kept).toMatch(LASTING_ADDRESS);
  await expect
    .poll(() =>
      pieces(page)
        .nth(before)
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(1);
  return kept;
}

async function call<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authtoken: token } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * A designer of this test only (demo's applications are seeded): registered by phone code
 * through the API, the code read from the outbox, the information completed so the full menu
 * (and 专属设计师) is open.
 */
async function registerDesigner(): Promise<{ account: string; password: string }> {
  const phone = `137${String(Date.now()).slice(-8)}`;
  const password = 'exclusive-e2e-2026';
  await call('POST', '/sendCode', { phone, purpose: 'register' });
  const outbox = await call<{ dataList: OutboxItem[] }>('GET', `/dev/outbox?phone=${phone}&format=json`);
  const code = outbox.dataList.find((m) => m.purpose === 'register')?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error('no register code in the outbox');
  const answer = await call<{ token: string; account: string }>('POST', '/register', {
    phone,
    code,
    password,
    nickname: '专属测试设计师',
    agree: true,
  });
  await call('POST', '/yiDesigner/modifyDesc', { description: '擅长新中式女装与改良旗袍。' }, answer.token);
  return { account: answer.account, password };
}

/** The operator CLI against the running e2e server (through DATA_DIR/operator.json). */
async function admin(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through scripts/e2e.mjs');
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return stdout;
}

/** The id of the account's pending application to the provider, from `applications list pending`. */
async function pendingApplicationId(account: string, providerName: string): Promise<string> {
  const out = await admin('applications', 'list', 'pending');
  const line = out
    .split('\n')
    .find((row) => row.split(/\s{2,}/).includes(account) && row.includes(providerName));
  const id = line?.trim().split(/\s+/)[0];
  if (!id || !/^\d+$/.test(id)) throw new Error(`no pending application of ${account}:\n${out}`);
  return id;
}

/** Opens an antd Select by its label, types to search and picks the option. */
async function pick(page: Page, label: string, search: string, option: string | RegExp = search) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(search);
  await page.locator('.ant-select-item-option:visible').filter({ hasText: option }).first().click();
}

async function login(page: Page, account: string, password: string) {
  await page.goto('/start/login');
  // The first page of a fresh server on a busy machine may take a while.
  await page.getByLabel('账号').waitFor({ timeout: 55_000 });
  await loginThroughForm(page, account, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/start'));
}

const state = (page: Page) => page.getByTestId('application-state');

async function fillApplication(page: Page, realName: string) {
  await page.getByLabel('真实姓名').fill(realName);
  await page.getByLabel('证件号码').fill('11010519491231002X');
  await pick(page, '开户银行', '招商', /招商银行/);
  await page.getByLabel('开户支行').fill('天河支行');
  await pick(page, '开户省份', '广东', '广东省');
  await pick(page, '开户城市', '广州', '广州市');
  await page.getByLabel('户名').fill(realName);
  await page.getByLabel('银行卡号').fill('6225 8802 1234 5678');
  await uploadPortfolioPiece(page, 'portfolio-1.png');
  await page.getByLabel('申请说明').fill('十年旗袍制版经验，希望为贵品牌设计春夏新中式系列。');
}

const yuanToFen = (text: string) => {
  const [whole = '0', cents = '00'] = text.replace(/,/g, '').trim().split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};

describe('§7 exclusive designer, contracts and partners, in Chromium', () => {
  it('apply as exclusive designer, get approved by the operator CLI, see the new state', async () => {
    const designer = await registerDesigner();
    const { context, page } = await newPage(browser);
    await login(page, designer.account, designer.password);
    await page.goto('/basic-information/exclusive-designer');
    await expect(state(page).getAttribute('data-status')).resolves.toBe('none');
    const provider = (await state(page).getAttribute('data-provider')) ?? '';
    expect(provider).not.toBe('');

    // The client checks with the contract's rules before anything is sent.
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.getByText('请输入证件号码').waitFor();
    await page.getByText('请至少上传 1 张作品').waitFor();
    // A file that is not an accepted picture is refused with a clear reason, and not uploaded.
    await page
      .getByTestId('portfolio-pictures')
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByRole('alert').filter({ hasText: 'notes.txt：只能上传 JPG / PNG / WebP 图片' }).waitFor();
    expect(await pieces(page).count()).toBe(0);

    await fillApplication(page, '林晓');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.getByText('申请已提交，请等待平台审核').waitFor();
    await page.locator('[data-testid="application-state"][data-status="pending"]').waitFor();
    await expect(page.getByTestId('application-form').getAttribute('data-readonly')).resolves.toBe('true');
    // The read-only form shows the uploaded piece, without controls to change it.
    expect(await pieces(page).getAttribute('src')).toMatch(LASTING_ADDRESS);
    expect(await page.getByRole('button', { name: '移除作品 1' }).count()).toBe(0);

    const id = await pendingApplicationId(designer.account, provider);
    const approved = await admin('applications', 'approve', id);
    expect(approved).toContain('pending → approved');

    await page.reload();
    await page.locator('[data-testid="application-state"][data-status="approved"]').waitFor();
    await expect(state(page).innerText()).resolves.toContain('已通过');
    await context.close();
  });

  it('a rejected application shows its reason, comes back prefilled and can be resubmitted', async () => {
    const designer = await registerDesigner();
    const { context, page } = await newPage(browser);
    await login(page, designer.account, designer.password);
    await page.goto('/basic-information/exclusive-designer?provider=2');
    await state(page).waitFor();
    const provider = (await state(page).getAttribute('data-provider')) ?? '';
    await fillApplication(page, '周明');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.locator('[data-testid="application-state"][data-status="pending"]').waitFor();

    const id = await pendingApplicationId(designer.account, provider);
    await admin('applications', 'reject', id, '作品集需包含至少', '3', '件成衣');
    await page.reload();
    await page.locator('[data-testid="application-state"][data-status="rejected"]').waitFor();
    await expect(page.getByTestId('application-reject-reason').innerText()).resolves.toContain(
      '作品集需包含至少 3 件成衣',
    );
    // Prefilled with what was sent; upload two more works, put the last first, drop the middle one.
    await expect(page.getByLabel('真实姓名').inputValue()).resolves.toBe('周明');
    await expect(page.getByLabel('银行卡号').inputValue()).resolves.toBe('6225880212345678');
    const first = (await pieces(page).getAttribute('src')) ?? '';
    const second = await uploadPortfolioPiece(page, 'portfolio-2.png');
    const third = await uploadPortfolioPiece(page, 'portfolio-3.png');
    await page.getByRole('button', { name: '作品 3 前移' }).click();
    await page.getByRole('button', { name: '作品 2 前移' }).click();
    const order = () => pieces(page).evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
    await expect.poll(order).toEqual([third, first, second]);
    await page.getByRole('button', { name: '移除作品 3' }).click();
    await expect.poll(order).toEqual([third, first]);
    await page.getByRole('button', { name: /重新提交/ }).click();
    await page.locator('[data-testid="application-state"][data-status="pending"]').waitFor();
    await expect(page.getByText('历史申请 (1)').count()).resolves.toBe(1);
    await expect.poll(order).toEqual([third, first]);
    await context.close();
  });

  it('§4 contracts filter by state and open a detail with its timeline', async () => {
    const { context, page } = await newPage(browser);
    await login(page, DEMO.account, DEMO.password);
    await page.goto('/basic-information/exclusive-designer?tab=contracts');
    const table = page.getByTestId('contract-table');
    await table.locator('tbody tr[data-row-key]').first().waitFor();

    await page.getByLabel('合同状态').click();
    await page.locator('.ant-select-item-option:visible').filter({ hasText: '已完成' }).click();
    await page.waitForURL(/status=4/);
    await table.locator('tbody tr[data-row-key] [data-status]').first().waitFor();
    await expect
      .poll(async () => new Set(await table.locator('tbody tr[data-row-key] [data-status]').allInnerTexts()))
      .toEqual(new Set(['已完成']));

    await table.getByRole('button', { name: '详情' }).first().click();
    const timeline = page.getByTestId('contract-timeline');
    await timeline.waitFor();
    const kinds = await page
      .getByTestId('contract-event')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')));
    expect(kinds[0]).toBe('created');
    expect(kinds.at(-1)).toBe('finished');
    await expect(timeline.innerText()).resolves.toContain('审核成功 → 已完成');
    await context.close();
  });

  it('creating a contract through the step form adds it to the list as pending audit', async () => {
    const { context, page } = await newPage(browser);
    await login(page, DEMO.account, DEMO.password);
    await page.goto('/basic-information/exclusive-designer?tab=contracts');
    await page.getByRole('button', { name: /新建合同/ }).click();
    const drawer = page.getByRole('dialog');
    const title = `E2E 秋冬系列设计合同 ${Date.now() % 100000}`;

    await drawer.getByLabel('合同名称').fill(title);
    await drawer.getByPlaceholder('开始日期').click();
    await drawer.getByPlaceholder('开始日期').fill('2026-09-01');
    await drawer.getByPlaceholder('结束日期').click();
    await drawer.getByPlaceholder('结束日期').fill('2026-12-31');
    await drawer.getByPlaceholder('结束日期').press('Enter');
    await drawer.getByRole('button', { name: /下一步/ }).click();

    await pick(page, '签约服务商', '织梦', '织梦针织');
    await drawer.getByLabel('合同金额（元）').fill('8800.5');
    await drawer.getByRole('button', { name: /下一步/ }).click();

    // The attachments step refuses to go on without a document.
    await drawer.getByRole('button', { name: /下一步/ }).click();
    await drawer.getByText('请输入附件名称').waitFor();
    await drawer.getByLabel('附件名称 1').fill('秋冬系列设计合同.pdf');
    // Issue 16: an attachment is the designer's own upload (a scan or photo), never a typed URL.
    await drawer
      .getByTestId('contract-attachments')
      .locator('input[type=file]')
      .setInputFiles({ name: 'contract.png', mimeType: 'image/png', buffer: PNG });
    await drawer.getByTestId('image-dropzone-preview').waitFor({ timeout: 30_000 });
    await drawer.getByRole('button', { name: /下一步/ }).click();

    const confirm = page.getByTestId('contract-confirm');
    await confirm.waitFor();
    await expect(confirm.innerText()).resolves.toContain('8,800.50');
    await drawer.getByRole('button', { name: /提交审核/ }).click();
    await page.getByText('合同已提交审核').waitFor();

    // The new contract's detail opens; the list shows it first, pending audit.
    await page.getByTestId('contract-timeline').waitFor();
    await page.keyboard.press('Escape');
    const row = page
      .getByTestId('contract-table')
      .locator('tbody tr[data-row-key]')
      .filter({ hasText: title });
    await row.waitFor();
    await expect(row.locator('[data-status]').innerText()).resolves.toBe('待审核');
    await expect(row.innerText()).resolves.toContain('8,800.50');
    await context.close();
  });

  it('the partner page shows dividends whose total equals the sum of the rows', async () => {
    const { context, page } = await newPage(browser);
    await login(page, DEMO.account, DEMO.password);
    await page.goto('/basic-information/designer-partener');
    const table = page.getByTestId('dividend-table');
    await table.getByTestId('dividend-total').waitFor();
    const rows = await table.getByTestId('dividend-amount').allInnerTexts();
    expect(rows.length).toBeGreaterThan(0);
    // Every period is on this one page, so the page's rows are all the rows.
    await page.getByText(`共 ${rows.length} 期`, { exact: true }).waitFor();
    const sum = rows.reduce((total, text) => total + yuanToFen(text), 0);
    await expect(table.getByTestId('dividend-total').innerText().then(yuanToFen)).resolves.toBe(sum);
    await expect(table.getByTestId('dividend-page-total').innerText().then(yuanToFen)).resolves.toBe(sum);
    expect(await page.getByTestId('partner-dynamic').count()).toBeGreaterThan(0);
    await page.getByTestId('dividend-chart').waitFor();
    await context.close();
  });

  it('a dividend chart that fails to load says so (not "no dividends") and loads on retry', async () => {
    const { context, page } = await newPage(browser);
    await login(page, DEMO.account, DEMO.password);
    const failing = '**/designerapi/v1/partners/*/dividends**';
    await page.route(failing, (route) => route.abort());
    await page.goto('/basic-information/designer-partener');
    const failed = page.getByRole('alert').filter({ hasText: '分红图表加载失败' });
    await failed.waitFor({ timeout: 30_000 });
    expect(await page.getByText('暂无可展示的分红').count()).toBe(0);
    await page.unroute(failing);
    await failed.getByRole('button').click();
    await page.getByTestId('dividend-chart').waitFor();
    await context.close();
  });
});
