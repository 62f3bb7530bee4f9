import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, loginThroughForm, newPage } from './support/browser.ts';
import { recordWebm } from './support/webm.ts';

/** Set E2E_SHOTS_DIR to keep screenshots of the screens (light and dark) for a look. */
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shotsDir, `videos-${name}.png`), fullPage: true });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('issue 5: publish a video, pause, reload, resume, play', () => {
  it('§4 upload states: publish → pause → reload → resume → published → plays on the detail page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/my-vault/);

    const file = path.join(os.tmpdir(), `e2e-lookbook-${Date.now()}.webm`);
    writeFileSync(file, await recordWebm(page));

    // Slow each part down, as a slow link would, so there is time to pause.
    let slow = true;
    await context.route(/partNumber=/, async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });

    await page.goto('/short-video/publish-video');
    await expect.poll(() => page.getByTestId('my-videos').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'publish-light');
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles(file);
    await expect.poll(() => page.getByTestId('picked-files').count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('标题').fill('E2E 断点续传视频');
    await page.getByTestId('publish-button').click();

    const row = page.getByTestId('upload-row').first();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 20_000 }).toBe('Uploading');
    // Wait until some parts are on the store, then pause.
    await expect
      .poll(async () => Number(await row.getAttribute('data-loaded')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await shot(page, 'uploading');
    await row.getByRole('button', { name: /暂\s*停/ }).click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('Canceled');

    await page.reload();
    const notice = page.getByTestId('resume-notice');
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'resume-offer');
    slow = false;
    await notice.locator('input[type=file]').setInputFiles(file);
    const resumed = page.getByTestId('upload-row').first();
    await expect.poll(() => resumed.textContent(), { timeout: 60_000 }).toContain('已发布');

    const link = page.getByTestId('my-videos').getByText('E2E 断点续传视频').first();
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    await link.click();
    await page.waitForURL(/detail\/video-detail\/\d+/);
    const player = page.getByTestId('video-player');
    await expect.poll(() => player.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    await shot(page, 'detail-light');

    // Dark theme, for a look at both screens.
    if (shotsDir) {
      await page.getByRole('button', { name: '页面配置' }).click();
      await page.getByText('深色', { exact: true }).click();
      await page.keyboard.press('Escape');
      await shot(page, 'detail-dark');
      await page.goto('/short-video/publish-video');
      await expect.poll(() => page.getByTestId('my-videos').count(), { timeout: 15_000 }).toBe(1);
      await shot(page, 'publish-dark');
    }
    await context.close();
  }, 180_000);
});
