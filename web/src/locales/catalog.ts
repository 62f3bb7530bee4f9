import type { Language } from '@dc/contract';
import { accountsMessages } from './messages/accounts.ts';
import { pagesShellMessages } from './messages/pages-shell.ts';
import { settingsMessages } from './messages/settings.ts';
import { shellMessages } from './messages/shell.ts';
import { tabsMessages } from './messages/tabs.ts';

/**
 * Every string of the app, zh-CN (the product's own words, default) and en-US. Each area keeps
 * its strings in `messages/<area>.ts`; add the area here.
 */
const areas = {
  shell: shellMessages,
  pagesShell: pagesShellMessages,
  settings: settingsMessages,
  tabs: tabsMessages,
  accounts: accountsMessages,
};

type Areas = typeof areas;
export type MessageKey = { [A in keyof Areas]: keyof Areas[A]['zh-CN'] & string }[keyof Areas];

const merge = (language: Language) =>
  Object.assign({}, ...Object.values(areas).map((area) => area[language])) as Record<MessageKey, string>;

export const dictionaries: Record<Language, Record<MessageKey, string>> = {
  'zh-CN': merge('zh-CN'),
  'en-US': merge('en-US'),
};
