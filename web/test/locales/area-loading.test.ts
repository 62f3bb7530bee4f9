import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 10 §4: strings load per area. Fresh module instances (the test setup registers every
 * area in its own), so only the core areas are there until a page loads its own.
 */
beforeEach(() => {
  vi.resetModules();
});

const fresh = async () => ({
  locales: await import('../../src/locales/index.ts'),
  registry: await import('../../src/app/page-registry.ts'),
});

describe('issue 10 §4 messages load with their pages', () => {
  it('the core (shell, tabs) is there from the start; a page area is not', async () => {
    const { locales } = await fresh();
    expect(locales.translate('en-US', 'login.submit')).toBe('Log in');
    expect(locales.translate('zh-CN', 'tabs.home')).toBe('首页');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(locales.translate('en-US', 'result.reload')).toBe('result.reload');
  });

  it('a page is handed out only once its areas are registered, in both languages', async () => {
    const { locales, registry } = await fresh();
    const load = registry.pageLoaders.get('result/404');
    expect(load).toBeDefined();
    const page = await load?.();
    expect(typeof page?.default).toBe('function');
    const zh = locales.translate('zh-CN', 'result.reload');
    const en = locales.translate('en-US', 'result.reload');
    expect(zh).not.toBe('result.reload');
    expect(en).not.toBe('result.reload');
    expect(zh).not.toBe(en);
  }, 60_000);

  it('switching the language after loading needs no new load', async () => {
    const { locales, registry } = await fresh();
    await registry.pageLoaders.get('user/index')?.();
    const t = () => locales.t('user.title');
    locales.useLanguage.getState().setLanguage('en-US');
    const english = t();
    locales.useLanguage.getState().setLanguage('zh-CN');
    expect(t()).not.toBe(english);
    expect(t()).not.toBe('user.title');
  }, 60_000);
});
