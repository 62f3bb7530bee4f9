import type { MenuRoute } from '@dc/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import type { MessageKey } from '../locales/index.ts';
import { HOME_PAGE_PATH, HOME_TAB, type TabEntry } from '../stores/tabs.ts';
import { STATIC_CONSOLE_PAGES } from './console-routes.tsx';
import { flattenMenu } from './menu-tree.ts';

/** Titles of the console pages that are not in the server's menu. */
const STATIC_PAGE_TITLES: Readonly<Record<string, MessageKey>> = {
  '/result/success': 'tabs.page.resultSuccess',
  '/result/fail': 'tabs.page.resultFail',
  '/result/network-error': 'tabs.page.resultNetworkError',
  '/result/403': 'tabs.page.result403',
  '/result/404': 'tabs.page.result404',
  '/result/500': 'tabs.page.result500',
  '/result/browser-incompatible': 'tabs.page.resultBrowserIncompatible',
  '/result/maintenance': 'tabs.page.resultMaintenance',
  '/user/index': 'tabs.page.userIndex',
  '/notifications': 'tabs.page.notifications',
};

/** A route pattern and the tab its pages get; `null` for redirects, which never become tabs. */
type TabRoute = RouteObject & { tabFor: (pathname: string, query: string) => TabEntry | null };

const redirectRoute = (path: string): TabRoute => ({ path, tabFor: () => null });

/** Mirrors buildConsoleRoutes: frames and named pages are pages, groups and component-less routes redirect. */
function menuTabRoute(fullPath: string, route: MenuRoute): TabRoute {
  const isFrame = Boolean(route.meta.frameSrc && !route.meta.frameBlank);
  if (!isFrame && (route.children?.length || !route.component)) return redirectRoute(fullPath);
  const { title, ...meta } = route.meta;
  return {
    path: fullPath,
    tabFor: (pathname, query) =>
      pathname === HOME_PAGE_PATH
        ? { ...HOME_TAB, query }
        : { path: pathname, query, title, name: route.name, isHome: false, isAlive: true, meta },
  };
}

const tables = new WeakMap<readonly MenuRoute[], TabRoute[]>();

function tabRouteTable(tree: readonly MenuRoute[]): TabRoute[] {
  const cached = tables.get(tree);
  if (cached) return cached;
  const table: TabRoute[] = [
    redirectRoute('/home'),
    ...flattenMenu(tree).map(({ fullPath, route }) => menuTabRoute(fullPath, route)),
    ...STATIC_CONSOLE_PAGES.map(
      ({ path, page }): TabRoute => ({
        path,
        tabFor: (pathname, query) => ({
          path: pathname,
          query,
          title: STATIC_PAGE_TITLES[path] ?? { 'zh-CN': page, 'en-US': page },
          name: page,
          isHome: false,
          isAlive: true,
          meta: {},
        }),
      }),
    ),
    redirectRoute('*'),
  ];
  tables.set(tree, table);
  return table;
}

/**
 * The tab a console location opens, titled from the route it matches in the designer's tree
 * (react-router's own ranking, so `/data/show-rank` beats a `:param` sibling); `null` when the
 * location only redirects (groups, /home, unknown paths).
 */
export function resolveTab(tree: readonly MenuRoute[], pathname: string, search: string): TabEntry | null {
  const query = search === '?' ? '' : search;
  const matches = matchRoutes(tabRouteTable(tree), pathname);
  const leaf = matches?.at(-1)?.route;
  return leaf ? leaf.tabFor(pathname, query) : null;
}
