import { BRAND_COLOR_PRESETS, DEFAULT_BRAND_COLOR } from '@dc/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyDocumentTheme,
  CHART_PALETTE_SIZE,
  chartPaletteOf,
  resolveIsDark,
  resolveTheme,
  subscribeSystemScheme,
  systemPrefersDark,
} from '../../src/app/theme.ts';

const HEX = /^#[0-9A-F]{6}$/i;

/** A matchMedia whose dark-scheme answer the test flips, announcing it like a browser does. */
function fakeSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    listeners,
    switchTo(nextDark: boolean) {
      dark = nextDark;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chart palette', () => {
  it.each([DEFAULT_BRAND_COLOR, ...BRAND_COLOR_PRESETS, '#12AB9F', '#000000', '#FFFFFF'])(
    'for brand %s: 8 distinct colours, the brand first',
    (brand) => {
      const palette = chartPaletteOf(brand);
      expect(palette).toHaveLength(CHART_PALETTE_SIZE);
      expect(palette[0]).toBe(brand);
      expect(new Set(palette.map((c) => c.toLowerCase())).size).toBe(CHART_PALETTE_SIZE);
      for (const color of palette) expect(color).toMatch(HEX);
    },
  );

  it('a preset brand colour is not repeated later in the palette', () => {
    for (const preset of BRAND_COLOR_PRESETS) {
      const rest = chartPaletteOf(preset).slice(1);
      expect(rest.map((c) => c.toLowerCase())).not.toContain(preset.toLowerCase());
    }
  });

  it('follows the brand colour when it changes', () => {
    expect(resolveTheme('light', '#0052D9', false).chartPalette[0]).toBe('#0052D9');
    expect(resolveTheme('light', '#E34D59', false).chartPalette[0]).toBe('#E34D59');
    expect(resolveTheme('dark', '#E34D59', false).brandColor).toBe('#E34D59');
  });
});

describe('theme mode resolution', () => {
  it('light and dark ignore the OS; auto follows it', () => {
    expect(resolveIsDark('light', true)).toBe(false);
    expect(resolveIsDark('dark', false)).toBe(true);
    expect(resolveIsDark('auto', true)).toBe(true);
    expect(resolveIsDark('auto', false)).toBe(false);
  });

  it('resolveTheme reports dark for auto on a dark OS', () => {
    expect(resolveTheme('auto', DEFAULT_BRAND_COLOR, true)).toMatchObject({
      isDark: true,
      brandColor: DEFAULT_BRAND_COLOR,
    });
  });

  it('reads the OS scheme through prefers-color-scheme and hears it change live', () => {
    const system = fakeSystemScheme(false);
    expect(systemPrefersDark()).toBe(false);
    const heard: boolean[] = [];
    const unsubscribe = subscribeSystemScheme(() => heard.push(systemPrefersDark()));
    system.switchTo(true);
    system.switchTo(false);
    expect(heard).toEqual([true, false]);
    unsubscribe();
    expect(system.listeners.size).toBe(0);
  });

  it('without matchMedia the OS is taken as light and nothing is subscribed', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(systemPrefersDark()).toBe(false);
    expect(() => subscribeSystemScheme(() => undefined)()).not.toThrow();
  });

  it('marks the document with the theme and colour scheme', () => {
    const root = document.createElement('html');
    applyDocumentTheme(true, root);
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    applyDocumentTheme(false, root);
    expect(root.dataset.theme).toBe('light');
    expect(root.style.colorScheme).toBe('light');
  });
});
