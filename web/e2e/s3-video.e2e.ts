import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cephInstalled, type Gateway, NO_CEPH, startRgw, stopRgw } from '../../scripts/ceph-rgw.mjs';
import { DEMO, launchBrowser, loginThroughForm } from './support/browser.ts';
import { recordWebm } from './support/webm.ts';

/**
 * Issue 19: the console on a real Ceph RGW (OBJECT_STORE=s3), in a browser. This file starts its
 * own gateway and its own server (not the one scripts/e2e.mjs started, which runs on the embedded
 * store), signs in as the demo designer, publishes a real WebM (recorded in the page, as
 * videos.e2e.ts does), and plays it on the detail page from the bucket's presigned link. The
 * parts go from the browser straight to the bucket; the object is in the bucket, not under
 * DATA_DIR/objects.
 */

const installed = cephInstalled();
const root = fileURLToPath(new URL('../..', import.meta.url));
const BUCKET = 'dc-e2e-videos';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const ffmpegInstalled = spawnSync('which', ['ffmpeg']).status === 0;

/**
 * A real 3 s WebM (VP8, a test picture under heavy noise so it stays ~8 MB: two 5 MiB parts) made
 * by ffmpeg in a few seconds; recording one in the page (support/webm.ts) takes 40 s on a loaded
 * 2-core machine, so that is only the fallback without ffmpeg.
 */
function ffmpegWebm(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '3'],
        ...['-vf', 'noise=alls=100:allf=t', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'],
        ...['-b:v', '20M', file],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += String(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors}`)),
    );
  });
}

/** Every file under `dir` (relative paths); [] when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The server's environment: the caller's, less any setting that would point it elsewhere. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(S3_|OSS_|OBJECT_STORE$|DATABASE_URL$|REDIS_URL$|PUBLIC_URL$|PUBLIC_HOSTS$)/.test(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

describe.skipIf(!installed)(
  `issue 19: publish a video on a Ceph RGW bucket and play it from a presigned link${installed ? '' : ` — ${NO_CEPH}`}`,
  () => {
    let gateway: Gateway | undefined;
    let server: ChildProcess | undefined;
    let dataDir: string | undefined;
    let scratch: string | undefined;
    let origin = '';
    let ossOrigin = '';
    let admin: S3Client | undefined;
    let browser: Browser | undefined;
    let context: BrowserContext | undefined;
    const timings: string[] = [];
    let videoMade: Promise<'ffmpeg' | 'record'> = Promise.resolve('record');

    /** If the run is torn down before afterAll, nothing this file started outlives it. */
    const killLeftovers = () => {
      if (server && server.exitCode === null) server.kill('SIGKILL');
      if (gateway) {
        const pidsFile = path.join(gateway.dir, 'pids.json');
        if (existsSync(pidsFile))
          for (const pid of Object.values(
            JSON.parse(readFileSync(pidsFile, 'utf8')) as Record<string, number>,
          ))
            try {
              process.kill(pid, 'SIGKILL');
            } catch {}
      }
    };

    beforeAll(async () => {
      process.once('exit', killLeftovers);
      scratch = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-s3-files-'));
      // Made while the gateway and the server start.
      const made = performance.now();
      videoMade = ffmpegInstalled
        ? ffmpegWebm(path.join(scratch, 's3-lookbook.webm')).then(() => {
            timings.push(`ffmpeg WebM ${((performance.now() - made) / 1000).toFixed(1)} s`);
            return 'ffmpeg' as const;
          })
        : Promise.resolve('record' as const);
      videoMade.catch(() => undefined);
      let started = performance.now();
      gateway = await startRgw();
      timings.push(`RGW ${((performance.now() - started) / 1000).toFixed(1)} s`);
      admin = new S3Client({
        endpoint: gateway.endpoint,
        region: gateway.region,
        forcePathStyle: true,
        credentials: { accessKeyId: gateway.accessKeyId, secretAccessKey: gateway.secretAccessKey },
      });

      started = performance.now();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-s3-'));
      const port = await freePort();
      let ossPort = await freePort();
      while (ossPort === port) ossPort = await freePort();
      origin = `http://127.0.0.1:${port}`;
      ossOrigin = `http://127.0.0.1:${ossPort}`;
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
        cwd: root,
        env: serverEnv({
          PORT: String(port),
          OSS_PORT: String(ossPort),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED: 'demo',
          LOG_LEVEL: 'warn',
          WEB_DIST: path.join(root, 'web/dist'),
          OBJECT_STORE: 's3',
          S3_ENDPOINT: gateway.endpoint,
          S3_REGION: gateway.region,
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: gateway.accessKeyId,
          S3_SECRET_ACCESS_KEY: gateway.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          S3_STS_ROLE_ARN: gateway.roleArn,
        }),
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      server = child;
      const deadline = Date.now() + 150_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the S3 server exited with ${child.exitCode}`);
        try {
          if ((await fetch(`${origin}/designerapi/v1/health`)).ok) break;
        } catch {}
        if (Date.now() > deadline) throw new Error('the S3 server did not answer /health in 150 s');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      timings.push(`server ${((performance.now() - started) / 1000).toFixed(1)} s`);
      browser = await launchBrowser();
    }, 240_000);

    afterAll(async () => {
      await context?.close().catch(() => undefined);
      await browser?.close().catch(() => undefined);
      admin?.destroy();
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        server.kill('SIGTERM');
        const timer = setTimeout(() => server!.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (gateway) await stopRgw(gateway.dir);
      process.removeListener('exit', killLeftovers);
      await videoMade.catch(() => undefined);
      for (const dir of [dataDir, scratch]) if (dir) rmSync(dir, { recursive: true, force: true });
      console.log(`s3-video: ${timings.join(', ')}`);
    }, 90_000);

    it('uploads straight to the bucket, publishes, plays from the RGW presigned URL and shows the cover', async () => {
      const endpoint = gateway!.endpoint;
      context = await browser!.newContext({
        baseURL: origin,
        viewport: { width: 1366, height: 860 },
        locale: 'zh-CN',
      });
      const page: Page = await context.newPage();
      // Where the browser sent the video's bytes: the bucket, never the server or its OSS port.
      const partPuts: string[] = [];
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        const toBucket = url.startsWith(`${endpoint}/${BUCKET}/`);
        if (request.method() === 'PUT' && toBucket && /[?&]partNumber=/.test(url)) partPuts.push(url);
        else if (
          url.startsWith(`${ossOrigin}/`) ||
          (!toBucket && /[?&](partNumber|uploads|uploadId)=?/.test(url))
        )
          elsewhere.push(`${request.method()} ${url}`);
      });

      let started = performance.now();
      await page.goto('/start/login');
      await loginThroughForm(page, DEMO.account, DEMO.password);
      await page.waitForURL(/my-vault/);
      timings.push(`sign-in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      const file = path.join(scratch!, 's3-lookbook.webm');
      if ((await videoMade) === 'record') {
        started = performance.now();
        writeFileSync(file, await recordWebm(page));
        timings.push(`WebM recorded in the page ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      const video = readFileSync(file);

      started = performance.now();
      const title = `E2E S3 视频 ${Date.now().toString(36)}`;
      await page.goto('/short-video/publish-video');
      await expect.poll(() => page.getByTestId('my-videos').count(), { timeout: 15_000 }).toBe(1);
      await page.locator('.ant-upload-drag input[type=file]').setInputFiles(file);
      await expect.poll(() => page.getByTestId('picked-files').count(), { timeout: 15_000 }).toBe(1);
      await page.getByLabel('标题').fill(title);
      await page.getByTestId('publish-button').click();
      const row = page.getByTestId('upload-row').first();
      await expect.poll(() => row.textContent(), { timeout: 60_000 }).toContain('已发布');
      timings.push(
        `upload (${partPuts.length} parts to the bucket) and publish ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(partPuts.length, 'parts PUT to the bucket').toBeGreaterThanOrEqual(1);
      expect(elsewhere, 'store requests anywhere but the bucket').toEqual([]);

      // The cover (a frame the server cut, issue 20) loads in the list at its 160 px rendition:
      // the console's lasting address, which redirects to the bucket.
      const cover = page.getByTestId('my-videos').getByAltText(title, { exact: false }).first();
      await expect.poll(() => cover.count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(
          () =>
            cover.evaluate((img: HTMLImageElement) => ({
              rendition: new URL(img.currentSrc).searchParams.get('w'),
              loaded: img.complete && img.naturalWidth > 0 && img.naturalWidth <= 160,
            })),
          { timeout: 15_000 },
        )
        .toEqual({ rendition: '160', loaded: true });

      started = performance.now();
      await page.getByTestId('my-videos').getByText(title).first().click();
      await page.waitForURL(/detail\/video-detail\/\d+/);
      const player = page.getByTestId('video-player');
      await expect.poll(() => player.count(), { timeout: 15_000 }).toBe(1);
      const played = await player.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        const playing = new Promise<void>((resolve) =>
          element.addEventListener('playing', () => resolve(), { once: true }),
        );
        await element.play();
        await playing;
        const startedAt = element.currentTime;
        const deadline = Date.now() + 10_000;
        while (element.currentTime - startedAt < 0.5 && !element.ended && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const poster = await new Promise<{ width: number } | { error: string }>((resolve) => {
          const image = new Image();
          image.onload = () => resolve({ width: image.naturalWidth });
          image.onerror = () => resolve({ error: `poster ${element.poster} did not load` });
          image.src = element.poster;
        });
        return {
          currentSrc: element.currentSrc,
          poster: element.poster,
          posterLoaded: poster,
          readyState: element.readyState,
          advanced: element.currentTime - startedAt,
          error: element.error?.code ?? null,
        };
      });
      timings.push(`detail page plays ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(played.error).toBeNull();
      expect(played.currentSrc.startsWith(`${endpoint}/${BUCKET}/`), played.currentSrc).toBe(true);
      expect(new URL(played.currentSrc).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(played.readyState).toBeGreaterThanOrEqual(2);
      expect(played.advanced).toBeGreaterThan(0.4);
      expect(played.poster.startsWith(`${origin}/designerapi/v1/image-files/`), played.poster).toBe(true);
      expect(played.posterLoaded).toEqual({ width: expect.any(Number) });
      expect((played.posterLoaded as { width: number }).width).toBeGreaterThan(0);

      // The upload, its playable rendition (what plays, issue 20) and the cover are objects of the
      // bucket, and nothing of them is under DATA_DIR.
      const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(`/${BUCKET}/`.length));
      const videoKey = keyOf(played.currentSrc);
      const coverKey = decodeURIComponent(
        new URL(played.poster).pathname.slice('/designerapi/v1/image-files/'.length),
      );
      const head = await admin!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: videoKey }));
      expect(head.ContentType).toBe('video/mp4');
      const videosDir = videoKey.slice(0, videoKey.lastIndexOf('/') + 1);
      const listed = await admin!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: videosDir }));
      expect(
        listed.Contents?.some((object) => object.Size === video.length),
        'the upload, whole',
      ).toBe(true);
      const coverHead = await admin!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: coverKey }));
      expect(coverHead.ContentLength).toBeGreaterThan(0);
      expect(existsSync(path.join(dataDir!, 'objects', videoKey))).toBe(false);
      expect(filesUnder(path.join(dataDir!, 'objects'))).toEqual([]);
    }, 120_000);
  },
);
