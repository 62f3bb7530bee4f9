import type { Language } from '@dc/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storageKeys } from '../stores/storage-keys.ts';
import { dictionaries, type MessageKey } from './catalog.ts';
import { selectPlurals } from './plural.ts';

export type { MessageKey };
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en-US'];

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

export const useLanguage = create<LanguageState>()(
  persist((set) => ({ language: 'zh-CN', setLanguage: (language) => set({ language }) }), {
    name: storageKeys.language,
    // Storage written by an older or foreign version is ignored, not trusted.
    merge: (persisted, current) => {
      const language = (persisted as Partial<LanguageState> | undefined)?.language;
      return LANGUAGES.includes(language as Language)
        ? { ...current, language: language as Language }
        : current;
    },
  }),
);

const reported = new Set<string>();

/** A key whose area is not registered yet shows as itself; in development it is reported once. */
function missing(key: MessageKey): string {
  if (import.meta.env.DEV && !reported.has(key)) {
    reported.add(key);
    console.error(`[locales] "${key}" used before its area was registered (see locales/areas.ts)`);
  }
  return key;
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translate(
  language: Language,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  const text = dictionaries[language][key] ?? missing(key);
  if (!values) return text;
  return selectPlurals(language, text, values).replace(/\{(\w+)\}/g, (_, name: string) =>
    String(values[name] ?? `{${name}}`),
  );
}

/** The current language's translate function, re-rendering on language change. */
export function useT(): Translate {
  const language = useLanguage((s) => s.language);
  return (key, values) => translate(language, key, values);
}

/** For code outside React (the request layer): translates in the language chosen now. */
export const t: Translate = (key, values) => translate(useLanguage.getState().language, key, values);
