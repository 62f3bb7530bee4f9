import type { MenuRoute } from '@dc/contract';
import { matchPath } from 'react-router';
import type { FlatRoute } from '../app/menu-tree.ts';

/** One crumb of the way to a page: the menu route and the path its link opens. */
export interface TrailStep {
  route: MenuRoute;
  path: string;
}

/** The entry of the menu tree a pathname opens (a `:param` route included). */
export function matchMenuEntry(flat: readonly FlatRoute[], pathname: string): FlatRoute | undefined {
  return flat.find((entry) => matchPath(entry.fullPath, pathname));
}

/** The route's own steps from the top of the tree: hidden groups and hiddenBreadcrumb skipped. */
function stepsTo(entry: FlatRoute): TrailStep[] {
  let path = '';
  return [...entry.ancestors, entry.route]
    .map((route) => {
      path = route.path.startsWith('/') ? route.path : `${path}/${route.path}`;
      return { route, path };
    })
    .filter(({ route }) => !route.meta.hiddenBreadcrumb && !(route.meta.hidden && route !== entry.route));
}

/** The list a page outside the menu belongs to (its `currentActiveMenu`), when the tree has it. */
export function listEntryOf(flat: readonly FlatRoute[], entry: FlatRoute): FlatRoute | undefined {
  const list = entry.route.meta.currentActiveMenu;
  return list ? flat.find((candidate) => candidate.fullPath === list) : undefined;
}

/**
 * The breadcrumb trail of a page: section › list › page for a page that belongs to a list
 * (details, editors), else the page's own place in the menu. A `:param` step links to the page itself.
 */
export function menuTrail(flat: readonly FlatRoute[], pathname: string): TrailStep[] {
  const entry = matchMenuEntry(flat, pathname);
  if (!entry) return [];
  const list = listEntryOf(flat, entry);
  const steps = list ? [...stepsTo(list), { route: entry.route, path: entry.fullPath }] : stepsTo(entry);
  return steps.map((step) => (step.path.includes(':') ? { ...step, path: pathname } : step));
}
