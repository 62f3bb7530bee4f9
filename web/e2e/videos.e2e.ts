import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, loginThroughForm, newPage, storeDemoSession } from './support/browser.ts';
import { recordWebm } from './support/webm.ts';

const PART = 1_048_576;

/** Set E2E_SHOTS_DIR to keep screenshots of the screens (light and dark) for a look. */
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shotsDir, `videos-${name}.png`), fullPage: true });
}

/** The publish page, the file picked and titled, and 发布 clicked. */
async function publishThroughPage(
  page: Page,
  file: string,
  title: string,
  beforePicking?: () => Promise<void>,
) {
  await page.goto('/short-video/publish-video');
  await expect.poll(() => page.getByTestId('my-videos').count(), { timeout: 15_000 }).toBe(1);
  await beforePicking?.();
  await page.locator('.ant-upload-drag input[type=file]').setInputFiles(file);
  await expect.poll(() => page.getByTestId('picked-files').count(), { timeout: 15_000 }).toBe(1);
  await page.getByLabel('标题').fill(title);
  await page.getByTestId('publish-button').click();
}

/** Opens the video from 我的视频 and waits until its player has decoded a frame (HAVE_CURRENT_DATA). */
async function openAndPlay(page: Page, title: string) {
  const link = page.getByTestId('my-videos').getByText(title).first();
  await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
  await link.click();
  await page.waitForURL(/detail\/video-detail\/\d+/);
  const player = page.getByTestId('video-player');
  await expect.poll(() => player.count(), { timeout: 15_000 }).toBe(1);
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  return player;
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
    await storeDemoSession(context);

    // Three parts of 1 MB or more (the last one shorter): one on the store at the pause, two not.
    // Small and short (320 × 180, about 2 s), so the server's transcode is quick.
    const file = path.join(os.tmpdir(), `e2e-lookbook-${Date.now()}.webm`);
    writeFileSync(file, await recordWebm(page, { width: 320, height: 180, bytes: 2.2 * PART }));
    expect(statSync(file).size).toBeGreaterThan(2 * PART);

    // A slow link, held as long as it takes to see the states: part 1 goes through, the others
    // wait until the page has been paused and reloaded. So at the pause some parts are on the
    // store and some are not, however fast the machine is.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/partNumber=/, async (route) => {
      if (new URL(route.request().url()).searchParams.get('partNumber') !== '1') await held;
      // A held part the pause or the reload cancelled cannot go on: that is no failure.
      await route.continue().catch(() => undefined);
    });
    const firstPartStored = page.waitForResponse(
      (response) =>
        new URL(response.url()).searchParams.get('partNumber') === '1' &&
        response.request().method() === 'PUT' &&
        response.ok(),
      { timeout: 30_000 },
    );

    await publishThroughPage(page, file, 'E2E 断点续传视频', () => shot(page, 'publish-light'));

    const row = page.getByTestId('upload-row').first();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 20_000 }).toBe('Uploading');
    // Part 1 is on the store and the bar shows it, then pause.
    await firstPartStored;
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
    release();
    await notice.locator('input[type=file]').setInputFiles(file);
    const resumed = page.getByTestId('upload-row').first();
    await expect.poll(() => resumed.textContent(), { timeout: 60_000 }).toContain('已发布');

    await openAndPlay(page, 'E2E 断点续传视频');
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

describe('issue 20: an iPhone video plays everywhere', () => {
  it('an HEVC .mov with sound is published through the page and plays in Chromium (which cannot decode HEVC) with its cut cover', async () => {
    const file = path.join(os.tmpdir(), `e2e-iphone-${Date.now()}.mov`);
    // What an iPhone records: HEVC tagged hvc1 with AAC sound, in QuickTime.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '3',
      '-c:v',
      'libx265',
      '-tag:v',
      'hvc1',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-c:a',
      'aac',
      file,
    ]);
    const { context, page } = await newPage(browser);
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL(/my-vault/);
    await publishThroughPage(page, file, 'E2E iPhone HEVC');
    const row = page.getByTestId('upload-row').first();
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('已发布');

    // Chromium decoded a frame: of the H.264 rendition, as it cannot decode HEVC.
    const player = await openAndPlay(page, 'E2E iPhone HEVC');
    const shown = await player.evaluate((video: HTMLVideoElement) => ({
      width: video.videoWidth,
      height: video.videoHeight,
      duration: Math.round(video.duration),
      poster: video.poster,
    }));
    expect(shown).toMatchObject({ width: 1280, height: 720, duration: 3 });
    // The cover the server cut is a picture the browser loads.
    const cover = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth;
    }, shown.poster);
    expect(cover).toBe(1280);
    await shot(page, 'hevc-detail');
    await context.close();
  }, 180_000);
});
