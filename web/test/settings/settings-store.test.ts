import { BRAND_COLOR_PRESETS, DEFAULT_BRAND_COLOR } from '@dc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, pickSettings, sanitizeSettings, useSettings } from '../../src/stores/settings.ts';
import { storageKeys } from '../../src/stores/storage-keys.ts';

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
});

describe('sanitizeSettings: stored settings are read field by field', () => {
  it('defaults are the ones DESIGN.md names', () => {
    expect(defaultSettings).toMatchObject({
      mode: 'light',
      brandTheme: DEFAULT_BRAND_COLOR,
      layout: 'side',
      isUseTabsRouter: true,
      showBreadcrumb: true,
      showFooter: true,
      showHeader: true,
      isSidebarFixed: true,
      splitMenu: false,
    });
  });

  it.each([
    ['null', null],
    ['a string', 'garbage{'],
    ['a number', 42],
    ['an array', [1, 2, 3]],
    ['undefined', undefined],
  ])('corrupt storage (%s) gives the defaults', (_, raw) => {
    expect(sanitizeSettings(raw)).toEqual(defaultSettings);
  });

  it('partial storage keeps its valid fields and fills the rest with defaults', () => {
    const settings = sanitizeSettings({ mode: 'dark', layout: 'mix' });
    expect(settings).toEqual({ ...defaultSettings, mode: 'dark', layout: 'mix' });
  });

  it('wrongly typed or out-of-range fields fall back one by one', () => {
    const settings = sanitizeSettings({
      mode: 'sepia',
      brandTheme: 'red',
      layout: 'top',
      splitMenu: 'yes',
      showFooter: false,
      isUseTabsRouter: 0,
    });
    expect(settings).toEqual({ ...defaultSettings, layout: 'top', showFooter: false });
  });

  it('a colour must be #RRGGBB: short, alpha and named colours are refused', () => {
    for (const brandTheme of ['#fff', '#593BFF80', 'blue', '593BFF', '#GGGGGG']) {
      expect(sanitizeSettings({ brandTheme }).brandTheme).toBe(DEFAULT_BRAND_COLOR);
    }
    expect(sanitizeSettings({ brandTheme: '#12ab9F' }).brandTheme).toBe('#12ab9F');
  });

  it('foreign keys written by another version or app are dropped', () => {
    const settings = sanitizeSettings({
      showFooter: false,
      token: 'secret',
      __proto__hack: 1,
      sideMode: 'dark',
    });
    expect(Object.keys(settings).sort()).toEqual(Object.keys(defaultSettings).sort());
    expect(settings.showFooter).toBe(false);
  });
});

describe('the settings store', () => {
  it('update applies valid changes and keeps the other fields', () => {
    const { update } = useSettings.getState();
    update({ layout: 'mix', splitMenu: true });
    update({ brandTheme: BRAND_COLOR_PRESETS[2] });
    const settings = pickSettings(useSettings.getState());
    expect(settings).toEqual({ ...defaultSettings, layout: 'mix', splitMenu: true, brandTheme: '#00A870' });
  });

  it('update refuses an invalid value for one field without losing valid ones', () => {
    const { update } = useSettings.getState();
    update({ brandTheme: '#0052D9', showFooter: false });
    update({ brandTheme: 'not a colour' as string, showBreadcrumb: false });
    const state = useSettings.getState();
    // Whatever becomes of the refused colour, the store never holds a broken one.
    expect(state.brandTheme).toMatch(/^#[0-9A-F]{6}$/i);
    expect(state.brandTheme).not.toBe('not a colour');
    expect(state.showFooter).toBe(false);
    expect(state.showBreadcrumb).toBe(false);
  });

  it('reset restores every default', () => {
    useSettings.getState().update({ mode: 'dark', layout: 'top', showHeader: false, brandTheme: '#123456' });
    useSettings.getState().reset();
    expect(pickSettings(useSettings.getState())).toEqual(defaultSettings);
  });

  it('persists settings, a custom colour included, under the settings key', () => {
    useSettings.getState().update({ brandTheme: '#12AB9F', mode: 'auto' });
    const stored = JSON.parse(localStorage.getItem(storageKeys.settings) ?? 'null');
    expect(stored.state).toMatchObject({ brandTheme: '#12AB9F', mode: 'auto' });
    expect(stored.state).not.toHaveProperty('update');
  });

  it('rehydrating from garbage in storage keeps the defaults', async () => {
    localStorage.setItem(storageKeys.settings, 'garbage{not json');
    await useSettings.persist.rehydrate();
    expect(pickSettings(useSettings.getState())).toEqual(defaultSettings);
  });

  it('rehydrating from partly foreign storage keeps only the valid fields', async () => {
    localStorage.setItem(
      storageKeys.settings,
      JSON.stringify({
        state: { layout: 'diagonal', brandTheme: '#ED7B2F', showFooter: 'no', extra: 1 },
        version: 0,
      }),
    );
    await useSettings.persist.rehydrate();
    expect(pickSettings(useSettings.getState())).toEqual({ ...defaultSettings, brandTheme: '#ED7B2F' });
  });
});
