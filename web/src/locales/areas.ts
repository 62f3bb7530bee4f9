import { type AreaMessages, type AreaName, type CoreArea, registerMessages } from './catalog.ts';

/**
 * How each area's strings load: its own chunk, fetched with the first page that needs it (the
 * page's chunk and its areas load side by side, and the page renders once both are there). The
 * core areas are in the entry (catalog.ts); the console frame registers its own (ConsoleRoot).
 */
export const AREA_LOADERS = {
  vault: () => import('./messages/vault.ts').then((m) => m.vaultMessages),
  analytics: () => import('./messages/analytics.ts').then((m) => m.analyticsMessages),
  boutique: () => import('./messages/boutique.ts').then((m) => m.boutiqueMessages),
  pagesShell: () => import('./messages/pages-shell.ts').then((m) => m.pagesShellMessages),
  settings: () => import('./messages/settings.ts').then((m) => m.settingsMessages),
  tags: () => import('./messages/tags.ts').then((m) => m.tagsMessages),
  fans: () => import('./messages/fans.ts').then((m) => m.fansMessages),
  impressions: () => import('./messages/impressions.ts').then((m) => m.impressionsMessages),
  recruitment: () => import('./messages/recruitment.ts').then((m) => m.recruitmentMessages),
  looks: () => import('./messages/looks.ts').then((m) => m.looksMessages),
  crowdPacks: () => import('./messages/crowd-packs.ts').then((m) => m.crowdPacksMessages),
  accounts: () => import('./messages/accounts.ts').then((m) => m.accountsMessages),
  courses: () => import('./messages/courses.ts').then((m) => m.coursesMessages),
  designer: () => import('./messages/designer.ts').then((m) => m.designerMessages),
  addresses: () => import('./messages/addresses.ts').then((m) => m.addressesMessages),
  exclusive: () => import('./messages/exclusive.ts').then((m) => m.exclusiveMessages),
  partners: () => import('./messages/partners.ts').then((m) => m.partnersMessages),
  videos: () => import('./messages/videos.ts').then((m) => m.videosMessages),
} satisfies Record<Exclude<AreaName, CoreArea>, () => Promise<AreaMessages>>;

export type LazyArea = keyof typeof AREA_LOADERS;

/**
 * The areas each page uses beyond the core (and, for console pages, the frame's): by page
 * directory (`fans`) and, where one page of a directory needs more, by page (`fans/fans-detail`).
 * web/test/build/message-areas.test.ts reads every page's sources and fails when a page uses a
 * key of an area not listed here, so a missing entry never shows raw keys.
 */
export const PAGE_AREAS: Readonly<Record<string, readonly LazyArea[]>> = {
  addresses: ['addresses', 'accounts'],
  analytics: ['analytics'],
  boutique: ['boutique', 'looks'],
  courses: ['courses'],
  'courses/course-detail': ['courses'],
  'crowd-packs': ['crowdPacks', 'fans'],
  designer: ['designer', 'accounts'],
  'designer/designer-information': ['exclusive'],
  exclusive: ['exclusive', 'addresses', 'accounts'],
  fans: ['fans', 'impressions'],
  impressions: ['impressions', 'fans'],
  'fans/fans-detail': ['fans', 'impressions', 'crowdPacks', 'looks', 'courses'],
  looks: ['looks'],
  'looks/3D-recommend': ['boutique'],
  'looks/3D-recommend-detail': ['boutique'],
  notifications: ['pagesShell'],
  partners: ['partners'],
  recruitment: ['recruitment'],
  result: ['pagesShell'],
  start: ['accounts'],
  'status-info': ['accounts'],
  tags: ['tags'],
  user: ['pagesShell'],
  vault: ['vault'],
  videos: ['videos'],
};

/** The console frame's own areas: registered by ConsoleRoot's chunk before it renders. */
export const FRAME_AREAS = ['settings', 'pagesShell'] as const satisfies readonly LazyArea[];

/** The areas a page (`vault/vault-statistics`) loads with its chunk. */
export function areasOfPage(page: string): LazyArea[] {
  const directory = page.split('/')[0] ?? page;
  return [...new Set([...(PAGE_AREAS[directory] ?? []), ...(PAGE_AREAS[page] ?? [])])];
}

const loading = new Map<LazyArea, Promise<void>>();

/** Loads and registers the areas (each once; a failed load is tried again next time). */
export function loadAreas(areas: readonly LazyArea[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      const pending = loading.get(area);
      if (pending) return pending;
      const load = AREA_LOADERS[area]().then(registerMessages, (error: unknown) => {
        loading.delete(area);
        throw error;
      });
      loading.set(area, load);
      return load;
    }),
  ).then(() => undefined);
}

/** Every area, for code that may show any string (the unit tests). */
export const loadAllAreas = () => loadAreas(Object.keys(AREA_LOADERS) as LazyArea[]);
