import type { Language, MenuRoute } from '@dc/contract';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { FramePage } from './FramePage.tsx';
import { flattenMenu, visibleSorted } from './menu-tree.ts';
import { pageComponent } from './page-registry.ts';

// The fallback and unknown-path pages (antd's Result, ~10 KB gzip) load when shown: every console
// page would otherwise carry them in its first JS (issue 21 item 2).
const FallbackPage = lazy(() => import('./FallbackPage.tsx').then((m) => ({ default: m.FallbackPage })));
const UnknownConsolePath = lazy(() =>
  import('./UnknownConsolePath.tsx').then((m) => ({ default: m.UnknownConsolePath })),
);

/** Console pages that exist for everyone signed in, whatever the server's menu says. */
export const STATIC_CONSOLE_PAGES: ReadonlyArray<{ path: string; page: string }> = [
  { path: '/result/success', page: 'result/success' },
  { path: '/result/fail', page: 'result/fail' },
  { path: '/result/network-error', page: 'result/network-error' },
  { path: '/result/403', page: 'result/403' },
  { path: '/result/404', page: 'result/404' },
  { path: '/result/500', page: 'result/500' },
  { path: '/result/browser-incompatible', page: 'result/browser-incompatible' },
  { path: '/result/maintenance', page: 'result/maintenance' },
  { path: '/user/index', page: 'user/index' },
  { path: '/notifications', page: 'notifications/index' },
];

export const HOME_REDIRECT = '/my-vault/vault-statistics';

/**
 * Where /home lands: vault statistics, or, for a designer whose menu has no vault (newly
 * registered), the first menu item's page (spec section 2: designer information).
 */
export function homeTarget(tree: readonly MenuRoute[]): string {
  if (tree.some((route) => route.path === '/my-vault')) return HOME_REDIRECT;
  const first = visibleSorted(tree)[0];
  return first?.redirect ?? first?.path ?? HOME_REDIRECT;
}

function pageElement(name: string | undefined): ComponentType {
  const component = name ? pageComponent(name) : undefined;
  if (component) return component;
  // A server menu item naming a page this build lacks: warn, show the fallback, keep working.
  console.warn(`[routes] no page component named "${name}"; showing the fallback page`);
  return FallbackPage;
}

function suspended(component: ComponentType) {
  return <Suspense fallback={<PageLoading />}>{createElement(component)}</Suspense>;
}

/**
 * The console's routes, built at run time from the server's route tree (spec section 2): groups
 * redirect to their default child, pages resolve by name, frame routes embed their source, and
 * any unknown path goes to /result/404 (a newcomer's path of the full console: UnknownConsolePath).
 */
export function buildConsoleRoutes(tree: readonly MenuRoute[], language: Language): RouteObject[] {
  const fromMenu: RouteObject[] = flattenMenu(tree).map(({ fullPath, route }) => {
    if (route.meta.frameSrc && !route.meta.frameBlank) {
      return {
        path: fullPath,
        element: <FramePage src={route.meta.frameSrc} title={route.meta.title[language]} />,
      };
    }
    if (route.children?.length || !route.component) {
      const target =
        route.redirect ?? (route.children?.[0] ? `${fullPath}/${route.children[0].path}` : HOME_REDIRECT);
      return { path: fullPath, element: <Navigate to={target} replace /> };
    }
    return { path: fullPath, element: suspended(pageElement(route.component)) };
  });
  const statics: RouteObject[] = STATIC_CONSOLE_PAGES.map(({ path, page }) => ({
    path,
    element: suspended(pageElement(page)),
  }));
  return [
    { path: '/home', element: <Navigate to={homeTarget(tree)} replace /> },
    ...fromMenu,
    ...statics,
    {
      path: '*',
      element: (
        <Suspense fallback={<PageLoading />}>
          <UnknownConsolePath tree={tree} />
        </Suspense>
      ),
    },
  ];
}
