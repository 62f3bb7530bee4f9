import { BRAND_COLOR_PRESETS, DEFAULT_BRAND_COLOR } from '@dc/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys.ts';

type FieldCheck<T> = (value: unknown) => value is T;

const isOneOf =
  <const T extends string>(...values: T[]): FieldCheck<T> =>
  (value): value is T =>
    values.includes(value as T);
const isBoolean: FieldCheck<boolean> = (value): value is boolean => typeof value === 'boolean';
const isHexColor: FieldCheck<string> = (value): value is string =>
  typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/**
 * The settings of spec section 3, as the settings drawer (页面配置) edits them: one check per
 * field. Plain checks, not a zod schema: this store loads with the very first page (the theme),
 * and zod would more than double that page's script.
 */
export const settingsFields = {
  mode: isOneOf('light', 'dark', 'auto'),
  brandTheme: isHexColor,
  layout: isOneOf('side', 'top', 'mix'),
  splitMenu: isBoolean,
  isSidebarFixed: isBoolean,
  isSidebarCompact: isBoolean,
  showHeader: isBoolean,
  isHeaderFixed: isBoolean,
  showBreadcrumb: isBoolean,
  showFooter: isBoolean,
  isFooterAside: isBoolean,
  isUseTabsRouter: isBoolean,
};
export type Settings = {
  [K in keyof typeof settingsFields]: (typeof settingsFields)[K] extends FieldCheck<infer T> ? T : never;
};

export const defaultSettings: Readonly<Settings> = Object.freeze({
  mode: 'light',
  brandTheme: DEFAULT_BRAND_COLOR,
  layout: 'side',
  splitMenu: false,
  isSidebarFixed: true,
  isSidebarCompact: false,
  showHeader: true,
  isHeaderFixed: true,
  showBreadcrumb: true,
  showFooter: true,
  isFooterAside: false,
  isUseTabsRouter: true,
});

export const brandPresets = BRAND_COLOR_PRESETS;

interface SettingsState extends Settings {
  update(change: Partial<Settings>): void;
  reset(): void;
}

/**
 * Reads settings field by field; anything corrupt or foreign falls back to `base` (the defaults
 * for storage, the current settings for an update).
 */
export function sanitizeSettings(raw: unknown, base: Settings = defaultSettings): Settings {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...base };
  for (const [key, isValid] of Object.entries(settingsFields)) {
    if (isValid(input[key])) result[key] = input[key];
  }
  return result as Settings;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set, get) => ({
      ...defaultSettings,
      update: (change) => set(sanitizeSettings(change, pickSettings(get()))),
      reset: () => set({ ...defaultSettings }),
    }),
    {
      name: storageKeys.settings,
      partialize: (state) => pickSettings(state),
      merge: (persisted, current) => ({ ...current, ...sanitizeSettings(persisted) }),
    },
  ),
);

export function pickSettings(state: Settings): Settings {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(settingsFields)) picked[key] = state[key as keyof Settings];
  return picked as Settings;
}
