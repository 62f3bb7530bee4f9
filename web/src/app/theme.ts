import type { ThemeConfig } from 'antd';
import { useMemo, useSyncExternalStore } from 'react';
import { type Settings, useSettings } from '../stores/settings.ts';

export type ThemeMode = Settings['mode'];

/** What the UI is painted with right now: the settings with 'auto' resolved against the OS. */
export interface ResolvedTheme {
  isDark: boolean;
  brandColor: string;
  /** Eight series colours for charts, the brand colour first (spec section 9). */
  chartPalette: readonly string[];
}

export const CHART_PALETTE_SIZE = 8;

/**
 * Series colours that follow the brand colour. Distinct hues, so neighbouring series stay
 * tellable apart whichever brand colour leads.
 */
const CHART_SERIES_COLORS = [
  '#00A870',
  '#EBB105',
  '#ED7B2F',
  '#E34D59',
  '#0594FA',
  '#ED49B4',
  '#834EC2',
  '#0052D9',
  '#14C9C9',
] as const;

/** Below this RGB distance two series colours read as the same one on a chart. */
const TOO_CLOSE_DISTANCE = 64;

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function colorDistance(a: string, b: string): number {
  const [r1, g1, b1] = rgbOf(a);
  const [r2, g2, b2] = rgbOf(b);
  return Math.hypot(r1 - r2, g1 - g2, b1 - b2);
}

/** The brand colour followed by seven series colours that do not look like it. */
export function chartPaletteOf(brandColor: string): string[] {
  const distinct = CHART_SERIES_COLORS.filter(
    (color) => colorDistance(color, brandColor) >= TOO_CLOSE_DISTANCE,
  );
  // A brand colour close to many series colours still gets a full palette.
  const rest = [...distinct, ...CHART_SERIES_COLORS.filter((color) => !distinct.includes(color))];
  return [brandColor, ...rest].slice(0, CHART_PALETTE_SIZE);
}

export function resolveIsDark(mode: ThemeMode, systemPrefersDark: boolean): boolean {
  return mode === 'auto' ? systemPrefersDark : mode === 'dark';
}

export function resolveTheme(mode: ThemeMode, brandColor: string, systemPrefersDark: boolean): ResolvedTheme {
  return {
    isDark: resolveIsDark(mode, systemPrefersDark),
    brandColor,
    chartPalette: chartPaletteOf(brandColor),
  };
}

/** Whether the operating system asks for dark colours now (false where media queries are unknown). */
export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Calls `onChange` whenever the OS switches between light and dark; returns the unsubscribe. */
export function subscribeSystemScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The OS colour scheme, live: re-renders when the user switches it. */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeSystemScheme, systemPrefersDark, () => false);
}

/** The theme in force, for antd's ConfigProvider and for charts that must follow it live. */
export function useResolvedTheme(): ResolvedTheme {
  const mode = useSettings((s) => s.mode);
  const brandColor = useSettings((s) => s.brandTheme);
  const prefersDark = useSystemPrefersDark();
  return useMemo(() => resolveTheme(mode, brandColor, prefersDark), [mode, brandColor, prefersDark]);
}

/** Lets page CSS and the browser's own widgets (scrollbars, form controls) match the theme. */
export function applyDocumentTheme(isDark: boolean, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = isDark ? 'dark' : 'light';
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

/** Secondary, tertiary and placeholder text: 60 % of the text colour (antd: 45 % and 25 %, #8c8c8c 3.36:1). */
const SECONDARY_TEXT = { light: 'rgba(0, 0, 0, 0.6)', dark: 'rgba(255, 255, 255, 0.6)' } as const;

/**
 * The tokens of every page: the brand colour for primary, links and info, and secondary text at
 * 4.5:1 (issue 17 point 4). The console adds the contrast-adjusted colours (theme-tokens.ts),
 * which stay out of the public pages' first script (issue 10's budget).
 */
export function baseTokens(isDark: boolean, brandColor: string): NonNullable<ThemeConfig['token']> {
  const secondary = isDark ? SECONDARY_TEXT.dark : SECONDARY_TEXT.light;
  const brand = isDark ? lightened(brandColor) : brandColor;
  return {
    colorPrimary: brand,
    colorLink: brand,
    colorInfo: brand,
    colorTextTertiary: secondary,
    colorTextDescription: secondary,
    colorTextPlaceholder: secondary,
  };
}

/**
 * The brand 40 % of the way to white, as the public pages' dark seed: antd's dark algorithm
 * darkens a seed (#593BFF draws as #4F35DC, 2.5:1 on #141414); from this one it draws text that
 * reads (the console adjusts every colour exactly, theme-tokens.ts).
 */
function lightened(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * 0.6 + 255 * 0.4);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}
