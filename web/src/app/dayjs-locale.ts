import type { Language } from '@dc/contract';
import dayjs from 'dayjs';

let chinese: Promise<unknown> | undefined;

/**
 * Sets dayjs's global locale for the language, loading dayjs's Chinese strings the first time
 * (English is built in). The login page shows no date, so they are not in its first paint; the
 * console waits for them before it renders (router.tsx).
 */
export async function applyDayjsLocale(language: Language): Promise<void> {
  if (language === 'zh-CN') {
    chinese ??= import('dayjs/locale/zh-cn');
    await chinese;
  }
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
}
