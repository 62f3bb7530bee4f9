import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CourseItem, ListPage } from '@dc/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';

/** Set E2E_SHOTS_DIR to keep screenshots of the course screens, light and dark. */
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shots(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shotsDir, `courses-${name}-light.png`), fullPage: true });
  await page.evaluate(() => {
    const key = 'designer-console:settings';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
    stored.state = { ...stored.state, mode: 'dark' };
    localStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(shotsDir, `courses-${name}-dark.png`), fullPage: true });
  await page.evaluate(() => {
    const key = 'designer-console:settings';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
    stored.state = { ...stored.state, mode: 'light' };
    localStorage.setItem(key, JSON.stringify(stored));
  });
}

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const form = new FormData();
  form.set('account', DEMO.account);
  form.set('password', DEMO.password);
  const answer = await fetch(`${baseUrl}/designerapi/v1/login`, { method: 'POST', body: form }).then((r) =>
    r.json(),
  );
  token = answer.data.token as string;
});
afterAll(async () => {
  await browser?.close();
});

async function coursesFromApi(query: string): Promise<CourseItem[]> {
  const answer = await fetch(`${baseUrl}/designerapi/v1/courses${query}`, {
    headers: { authToken: token },
  }).then((r) => r.json());
  return (answer.data as ListPage<CourseItem>).dataList;
}

async function signedIn() {
  const opened = await newPage(browser);
  await opened.page.goto('/start/login');
  await loginThroughForm(opened.page, DEMO.account, DEMO.password);
  await opened.page.waitForURL(/\/my-vault\/vault-statistics$/);
  return opened;
}

/** Picks `option` in the antd Select labelled `label` (within `scope`). */
async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option?: string) {
  await scope.getByLabel(label, { exact: true }).click();
  if (!option) {
    // The first option is the active one of a freshly opened select.
    await page.keyboard.press('Enter');
    return;
  }
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.getByTitle(option, { exact: true }).click();
}

describe('issue 5 item 6: courses in Chromium', () => {
  it('create a course with two lessons and put it on sale', async () => {
    const { page, context } = await signedIn();
    const title = `E2E 立裁课 ${Date.now() % 100_000}`;
    await page.goto('/course/designer-course');
    await page.getByRole('button', { name: '新建课程' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('课程名称').fill(title);
    await choose(page, drawer, '分类', '立体裁剪');
    await drawer.getByRole('button', { name: '下一步' }).click();

    await drawer.getByRole('button', { name: '添加章节' }).click();
    await drawer.getByRole('button', { name: '添加课时' }).click();
    await drawer.getByRole('button', { name: '添加课时' }).click();
    const lessons = drawer.getByTestId('course-lesson');
    await expect.poll(() => lessons.count()).toBe(2);
    // Lesson 1: one of demo's published videos; lesson 2: a text.
    await choose(page, lessons.nth(0), '课时类型', '视频');
    await choose(page, lessons.nth(0), '选择视频');
    await choose(page, lessons.nth(1), '课时类型', '图文');
    await lessons.nth(1).getByLabel('正文').fill('量体的十二个部位与记录方法。');
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'courses-editor-outline-light.png') });
    await drawer.getByRole('button', { name: '下一步' }).click();

    await drawer.getByLabel('售价（元）').fill('99');
    await drawer.getByLabel('原价（元）').fill('199');
    await drawer.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => drawer.getByTestId('course-review').textContent()).toContain('1 章，2 个课时');
    await drawer.getByRole('button', { name: '保存并上架' }).click();

    const row = page.getByTestId('course-table').locator('tr', { hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('已上架');
    expect(await row.textContent()).toContain('¥99.00');
    const [saved] = await coursesFromApi(`?keyword=${encodeURIComponent(title)}`);
    expect(saved).toMatchObject({ status: 'on_sale', price: 9_900, originalPrice: 19_900, lessonCount: 2 });
    await shots(page, 'designer-course');
    await context.close();
  });

  it('user courses list shows the seeded purchases with progress bars', async () => {
    const { page, context } = await signedIn();
    await page.goto('/course/user-course');
    const table = page.getByTestId('user-course-table');
    await table.locator('.ant-progress').first().waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(10);
    expect(await table.textContent()).toMatch(/\d+\/\d+ 课时/);
    await shots(page, 'user-course');
    await context.close();
  });

  it('course detail shows lessons, students and the sales trend chart', async () => {
    const [course] = await coursesFromApi('?status=on_sale&sortBy=students');
    const { page, context } = await signedIn();
    await page.goto(`/detail/course-detail/${course!.id}`);
    await page.getByRole('heading', { name: course!.title }).waitFor();
    const lessons = page.getByTestId('course-lessons');
    await lessons.locator('.ant-list-item').first().waitFor();
    await page.getByTestId('course-trend-chart').locator('canvas').waitFor();
    await page.getByTestId('user-course-table').locator('.ant-progress').first().waitFor();
    await shots(page, 'course-detail');
    await context.close();
  });
});
