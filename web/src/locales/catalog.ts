import type { Language } from '@dc/contract';
import type { accountsMessages } from './messages/accounts.ts';
import type { addressesMessages } from './messages/addresses.ts';
import type { analyticsMessages } from './messages/analytics.ts';
import type { boutiqueMessages } from './messages/boutique.ts';
import type { coursesMessages } from './messages/courses.ts';
import type { crowdPacksMessages } from './messages/crowd-packs.ts';
import type { designerMessages } from './messages/designer.ts';
import type { exclusiveMessages } from './messages/exclusive.ts';
import type { fansMessages } from './messages/fans.ts';
import type { impressionsMessages } from './messages/impressions.ts';
import type { looksMessages } from './messages/looks.ts';
import type { pagesShellMessages } from './messages/pages-shell.ts';
import type { partnersMessages } from './messages/partners.ts';
import type { recruitmentMessages } from './messages/recruitment.ts';
import type { settingsMessages } from './messages/settings.ts';
import { shellMessages } from './messages/shell.ts';
import { tabsMessages } from './messages/tabs.ts';
import type { tagsMessages } from './messages/tags.ts';
import type { vaultMessages } from './messages/vault.ts';
import type { videosMessages } from './messages/videos.ts';

/**
 * Every string of the app, zh-CN (the product's own words, default) and en-US. Each area keeps
 * its strings in `messages/<area>.ts`; add the area here (its type) and in `areas.ts` (how it
 * loads). Only the types are imported here: an area's strings load with the pages that use
 * them (see areas.ts), so the login page does not carry the fan list's words.
 */
interface Areas {
  vault: typeof vaultMessages;
  analytics: typeof analyticsMessages;
  boutique: typeof boutiqueMessages;
  shell: typeof shellMessages;
  pagesShell: typeof pagesShellMessages;
  settings: typeof settingsMessages;
  tabs: typeof tabsMessages;
  tags: typeof tagsMessages;
  fans: typeof fansMessages;
  impressions: typeof impressionsMessages;
  recruitment: typeof recruitmentMessages;
  looks: typeof looksMessages;
  crowdPacks: typeof crowdPacksMessages;
  accounts: typeof accountsMessages;
  courses: typeof coursesMessages;
  designer: typeof designerMessages;
  addresses: typeof addressesMessages;
  exclusive: typeof exclusiveMessages;
  partners: typeof partnersMessages;
  videos: typeof videosMessages;
}

export type AreaName = keyof Areas;
export type MessageKey = { [A in AreaName]: keyof Areas[A]['zh-CN'] & string }[AreaName];

/** One area's strings in both languages, as `defineMessages` returns them. */
export type AreaMessages = Record<Language, Readonly<Record<string, string>>>;

/**
 * The areas every screen needs, bundled with the app's entry: the shell (login, header, common
 * words, session messages the request layer may say on any page) and the tab titles (the tab
 * store checks stored titles against them as soon as it loads).
 */
export const CORE_AREAS = ['shell', 'tabs'] as const satisfies readonly AreaName[];
export type CoreArea = (typeof CORE_AREAS)[number];

/** The strings registered so far, by language; areas add theirs as their chunks load. */
export const dictionaries: Record<Language, Partial<Record<MessageKey, string>>> = {
  'zh-CN': {},
  'en-US': {},
};

const registered = new Set<AreaMessages>();

/** Adds an area's strings (both languages) to the dictionaries; registering twice is harmless. */
export function registerMessages(area: AreaMessages): void {
  if (registered.has(area)) return;
  registered.add(area);
  Object.assign(dictionaries['zh-CN'], area['zh-CN']);
  Object.assign(dictionaries['en-US'], area['en-US']);
}

registerMessages(shellMessages);
registerMessages(tabsMessages);
