import { HOME_TAB_PATH, type Language, type LocalizedText, type RouteMeta } from '@dc/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { dictionaries, type MessageKey } from '../locales/catalog.ts';
import { translate } from '../locales/index.ts';
import { useSession } from './session.ts';
import { storageKeys } from './storage-keys.ts';

/** Where the home tab's page lives: /my-vault redirects there (spec section 2). */
export const HOME_PAGE_PATH = '/my-vault/vault-statistics';

const isMessageKey = (value: string): value is MessageKey => value in dictionaries['zh-CN'];

/**
 * A menu route's own words in both languages, or a message key for pages outside the server's
 * menu; either way the title is resolved at render time so it follows the language switch.
 */
export type TabTitle = LocalizedText | MessageKey;

/**
 * The tab entry of spec section 3. A tab is told apart by its path, never by its position; its
 * query is the page's latest one, so a page that keeps its filters and paging in the URL stays
 * one tab while the designer pages through it.
 */
export interface TabEntry {
  path: string;
  /** '' or the search string with its '?', as the page last had it. */
  query: string;
  title: TabTitle;
  name: string;
  isHome: boolean;
  /** False for the moment a refresh unmounts the page; it comes back true right after. */
  isAlive: boolean;
  meta: Omit<RouteMeta, 'title'>;
}

// Plain checks of persisted tabs (no schema library in the console frame: it would weigh on
// every page's first load). Unknown keys are dropped, as a schema parse would.
type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function titleOf(value: unknown): TabTitle | undefined {
  if (typeof value === 'string') return isMessageKey(value) ? value : undefined;
  if (isPlain(value) && typeof value['zh-CN'] === 'string' && typeof value['en-US'] === 'string')
    return { 'zh-CN': value['zh-CN'], 'en-US': value['en-US'] };
  return undefined;
}

const META_BOOLEANS = [
  'hidden',
  'hiddenBreadcrumb',
  'single',
  'expanded',
  'keepAlive',
  'frameBlank',
] as const satisfies readonly (keyof RouteMeta)[];
const META_STRINGS = ['icon', 'frameSrc'] as const satisfies readonly (keyof RouteMeta)[];

function metaOf(value: unknown): TabEntry['meta'] | undefined {
  if (!isPlain(value)) return undefined;
  const meta: TabEntry['meta'] = {};
  for (const key of META_BOOLEANS) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field !== 'boolean') return undefined;
    meta[key] = field;
  }
  for (const key of META_STRINGS) {
    const field = value[key];
    if (field === undefined) continue;
    if (typeof field !== 'string') return undefined;
    meta[key] = field;
  }
  const orderNo = value.orderNo;
  if (orderNo !== undefined) {
    if (!Number.isInteger(orderNo)) return undefined;
    meta.orderNo = orderNo as number;
  }
  return meta;
}

/** A persisted tab entry after checking every field, or undefined when any is wrong. */
function tabEntryOf(value: unknown): TabEntry | undefined {
  if (!isPlain(value)) return undefined;
  const { path, query, name, isHome, isAlive } = value;
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  if (typeof query !== 'string' || (query !== '' && !query.startsWith('?'))) return undefined;
  if (typeof name !== 'string' || typeof isHome !== 'boolean' || typeof isAlive !== 'boolean')
    return undefined;
  const title = titleOf(value.title);
  const meta = metaOf(value.meta);
  if (title === undefined || meta === undefined) return undefined;
  return { path, query, title, name, isHome, isAlive, meta };
}

/** The persisted state's shape checked: designer id and every tab, or undefined when anything is off. */
function persistedOf(raw: unknown): { designerId: number | null; tabs: TabEntry[] } | undefined {
  if (!isPlain(raw) || !Array.isArray(raw.tabs)) return undefined;
  const { designerId } = raw;
  if (designerId !== null && !Number.isInteger(designerId)) return undefined;
  const tabs: TabEntry[] = [];
  for (const entry of raw.tabs) {
    const tab = tabEntryOf(entry);
    if (!tab) return undefined;
    tabs.push(tab);
  }
  return { designerId: designerId as number | null, tabs };
}

export const HOME_TAB: Readonly<TabEntry> = Object.freeze({
  path: HOME_TAB_PATH,
  query: '',
  title: 'tabs.home',
  name: 'Home',
  isHome: true,
  isAlive: true,
  meta: {},
});

const LOGIN_PATH_PREFIX = '/start';

export const tabKey = (tab: Pick<TabEntry, 'path'>): string => tab.path;

/** The tab a location belongs to: the home page is the home tab's. */
export function locationTabKey(pathname: string): string {
  return pathname === HOME_PAGE_PATH ? HOME_TAB_PATH : pathname;
}

/** The page a tab shows: the home tab's is its page itself, not the /my-vault redirect. */
export function tabPathname(tab: Pick<TabEntry, 'path' | 'isHome'>): string {
  return tab.isHome ? HOME_PAGE_PATH : tab.path;
}

/** Where clicking a tab goes, with the query the page last had. */
export function tabHref(tab: Pick<TabEntry, 'path' | 'query' | 'isHome'>): string {
  return `${tabPathname(tab)}${tab.query}`;
}

export function tabTitleText(title: TabTitle, language: Language): string {
  return typeof title === 'string' ? translate(language, title) : title[language];
}

/** The tab to show after `key` closes: the one to its right, else the one to its left. */
export function neighbourOf(tabs: readonly TabEntry[], key: string): TabEntry | undefined {
  const index = tabs.findIndex((tab) => tabKey(tab) === key);
  if (index < 0) return undefined;
  return tabs[index + 1] ?? tabs[index - 1];
}

/** Which context-menu items a tab offers (spec section 2, tab bar). */
export function contextMenuRules(tabs: readonly TabEntry[], key: string) {
  const index = tabs.findIndex((tab) => tabKey(tab) === key);
  return {
    refresh: index >= 0,
    // The first two tabs have nothing closable on their left: the home tab never closes.
    closeLeft: index >= 2,
    closeRight: index >= 0 && index < tabs.length - 1,
    closeOthers: index >= 0 && tabs.length > 2,
  };
}

/**
 * Persisted tabs, trusted only after checking: corrupt entries fall back to the defaults, a
 * login tab is never kept, the home tab is first exactly once, and every page comes back alive.
 */
export function sanitizeTabs(raw: unknown): Pick<TabsState, 'designerId' | 'tabs'> {
  const parsed = persistedOf(raw);
  if (!parsed) return { designerId: null, tabs: [{ ...HOME_TAB }] };
  const seen = new Set<string>([HOME_TAB_PATH]);
  const rest = parsed.tabs.filter((tab) => {
    const key = tabKey(tab);
    if (tab.isHome || seen.has(key) || tab.path.startsWith(LOGIN_PATH_PREFIX)) return false;
    seen.add(key);
    return true;
  });
  return {
    designerId: parsed.designerId,
    tabs: [{ ...HOME_TAB }, ...rest.map((tab) => ({ ...tab, isAlive: true }))],
  };
}

interface TabsState {
  /** Whose tabs these are; another designer signing in starts from the home tab alone. */
  designerId: number | null;
  /** Home first, then the opened pages in bar order. */
  tabs: TabEntry[];
  adoptDesigner(designerId: number): void;
  /** Adds the page's tab at the end, or updates the query, title and meta of the tab already open. */
  openTab(entry: TabEntry): void;
  closeTab(key: string): void;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
  /** Moves the tab `fromKey` to where `toKey` is; the home tab neither moves nor is displaced. */
  moveTab(fromKey: string, toKey: string): void;
  /** Unmounts the tab's page; `reviveTab` mounts it afresh (spec: refresh toggles the alive flag). */
  refreshTab(key: string): void;
  reviveTab(key: string): void;
  /** Re-reads each tab against the current routes: titles updated, pages that no longer exist closed. */
  reconcile(resolve: (tab: TabEntry) => TabEntry | null): void;
  reset(): void;
}

const initialTabs = () => ({ designerId: null, tabs: [{ ...HOME_TAB }] });

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => {
      // Keeps the home tab and those the predicate accepts, judged by position against the tab `key`.
      const keepOnly =
        (predicate: (tab: TabEntry, index: number, focusIndex: number) => boolean) => (key: string) => {
          const focusIndex = get().tabs.findIndex((tab) => tabKey(tab) === key);
          if (focusIndex < 0) return;
          set({ tabs: get().tabs.filter((tab, index) => tab.isHome || predicate(tab, index, focusIndex)) });
        };
      const updateTab = (key: string, change: Partial<TabEntry>) =>
        set({ tabs: get().tabs.map((tab) => (tabKey(tab) === key ? { ...tab, ...change } : tab)) });

      return {
        ...initialTabs(),
        adoptDesigner(designerId) {
          if (get().designerId !== designerId) set({ designerId, tabs: [{ ...HOME_TAB }] });
        },
        openTab(entry) {
          if (entry.path.startsWith(LOGIN_PATH_PREFIX)) return;
          const key = entry.isHome ? HOME_TAB_PATH : tabKey(entry);
          const open = get().tabs.some((tab) => tabKey(tab) === key);
          if (!open) set({ tabs: [...get().tabs, { ...entry, isHome: false, isAlive: true }] });
          else if (entry.isHome) updateTab(key, { query: entry.query });
          else updateTab(key, { query: entry.query, title: entry.title, name: entry.name, meta: entry.meta });
        },
        closeTab: keepOnly((_, index, focusIndex) => index !== focusIndex),
        closeLeft: keepOnly((_, index, focusIndex) => index >= focusIndex),
        closeRight: keepOnly((_, index, focusIndex) => index <= focusIndex),
        closeOthers: keepOnly((_, index, focusIndex) => index === focusIndex),
        moveTab(fromKey, toKey) {
          const tabs = [...get().tabs];
          const from = tabs.findIndex((tab) => tabKey(tab) === fromKey);
          const to = tabs.findIndex((tab) => tabKey(tab) === toKey);
          if (from < 0 || to < 0 || from === to || tabs[from]!.isHome) return;
          const [moved] = tabs.splice(from, 1);
          tabs.splice(Math.max(1, to), 0, moved!);
          set({ tabs });
        },
        refreshTab: (key) => updateTab(key, { isAlive: false }),
        reviveTab: (key) => updateTab(key, { isAlive: true }),
        reconcile(resolve) {
          const tabs = get().tabs.flatMap((tab) => {
            if (tab.isHome) return [tab];
            const resolved = resolve(tab);
            return resolved && !resolved.isHome ? [{ ...resolved, isAlive: tab.isAlive }] : [];
          });
          set({ tabs });
        },
        reset: () => set(initialTabs()),
      };
    },
    {
      name: storageKeys.tabs,
      partialize: ({ designerId, tabs }) => ({ designerId, tabs }),
      merge: (persisted, current) => ({ ...current, ...sanitizeTabs(persisted) }),
    },
  ),
);

// The guard learns who signed in before the console renders; dropping another designer's tabs
// right then means none of them is ever shown to the next user.
useSession.subscribe((session) => {
  if (session.designerId !== null) useTabs.getState().adoptDesigner(session.designerId);
});
// This module loads with the console chunk, possibly after the guard already knows the designer.
const signedInDesigner = useSession.getState().designerId;
if (signedInDesigner !== null) useTabs.getState().adoptDesigner(signedInDesigner);
