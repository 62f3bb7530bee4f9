import { BRAND_COLOR_PRESETS, DEFAULT_BRAND_COLOR } from '@dc/contract';
import { z } from 'zod';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys.ts';

/** The settings of spec section 3, as the settings drawer (页面配置) edits them. */
export const settingsSchema = z.object({
  mode: z.enum(['light', 'dark', 'auto']),
  brandTheme: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  layout: z.enum(['side', 'top', 'mix']),
  splitMenu: z.boolean(),
  isSidebarFixed: z.boolean(),
  isSidebarCompact: z.boolean(),
  showHeader: z.boolean(),
  isHeaderFixed: z.boolean(),
  showBreadcrumb: z.boolean(),
  showFooter: z.boolean(),
  isFooterAside: z.boolean(),
  isUseTabsRouter: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

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
  for (const [key, field] of Object.entries(settingsSchema.shape)) {
    const parsed = field.safeParse(input[key]);
    if (parsed.success) result[key] = parsed.data;
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
  for (const key of Object.keys(settingsSchema.shape)) picked[key] = state[key as keyof Settings];
  return picked as Settings;
}
