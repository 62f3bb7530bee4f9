// npm run screenshots -- [out-dir] [route-filter]: every screen of the demo designer's menu tree
// at 390 and 1440 px, light and dark, zh-CN and en-US, as full-page PNGs, for a person to look at
// (the per-route browser tests check fit and accessibility; this is for the eye). Needs a running
// console with the demo seed: E2E_BASE_URL (default http://127.0.0.1:3000).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO, launchBrowser, loginThroughForm, newPage } from '../web/e2e/support/browser.ts';
import { everyConsoleRoute } from '../web/e2e/support/menu-routes.ts';

const outDir = process.argv[2] ?? '/tmp/screens';
const only = process.argv[3];
const VIEWPORTS = [
  { name: '390', width: 390, height: 844 },
  { name: '1440', width: 1440, height: 900 },
] as const;
const MODES = ['light', 'dark'] as const;
const LANGUAGES = ['zh-CN', 'en-US'] as const;

const fileNameOf = (url: string) => url.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'home';

mkdirSync(outDir, { recursive: true });
const routes = (await everyConsoleRoute()).filter((route) => !only || route.url.includes(only));
const browser = await launchBrowser();
try {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await newPage(browser, { viewport });
    await page.goto('/start/login');
    await loginThroughForm(page, DEMO.account, DEMO.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/start'));
    for (const language of LANGUAGES) {
      for (const mode of MODES) {
        await page.evaluate(
          ({ language, mode }) => {
            const settingsKey = 'designer-console:settings';
            const stored = JSON.parse(localStorage.getItem(settingsKey) ?? '{"state":{},"version":0}');
            localStorage.setItem(
              settingsKey,
              JSON.stringify({ ...stored, state: { ...stored.state, mode } }),
            );
            localStorage.setItem(
              'designer-console:language',
              JSON.stringify({ state: { language }, version: 0 }),
            );
          },
          { language, mode },
        );
        for (const route of routes) {
          await page.goto(route.url);
          await page.waitForLoadState('networkidle').catch(() => {});
          await page.waitForTimeout(300);
          const file = path.join(outDir, `${fileNameOf(route.url)}.${viewport.name}.${mode}.${language}.png`);
          await page.screenshot({ path: file, fullPage: true });
          const sideways = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          console.log(`${file}${sideways > 0 ? `  (scrolls sideways by ${sideways} px)` : ''}`);
        }
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
