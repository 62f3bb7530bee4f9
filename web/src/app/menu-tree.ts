import type { Language, MenuRoute } from '@dc/contract';

/** A menu route with its absolute path and its ancestors, for matching, breadcrumbs and tabs. */
export interface FlatRoute {
  fullPath: string;
  route: MenuRoute;
  ancestors: MenuRoute[];
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Every route of the tree, depth first, with absolute paths. */
export function flattenMenu(
  tree: readonly MenuRoute[],
  parentPath = '',
  ancestors: MenuRoute[] = [],
): FlatRoute[] {
  return tree.flatMap((route) => {
    const fullPath = joinPath(parentPath || '/', route.path);
    return [
      { fullPath, route, ancestors },
      ...flattenMenu(route.children ?? [], fullPath, [...ancestors, route]),
    ];
  });
}

/** Items to show in a menu: hidden ones skipped, sorted by orderNo (spec section 2). */
export function visibleSorted(routes: readonly MenuRoute[] | undefined): MenuRoute[] {
  return (routes ?? [])
    .filter((route) => !route.meta.hidden)
    .map((route, index) => ({ route, index }))
    .sort(
      (a, b) => (a.route.meta.orderNo ?? a.index) - (b.route.meta.orderNo ?? b.index) || a.index - b.index,
    )
    .map(({ route }) => route);
}

export const titleOf = (route: MenuRoute, language: Language) => route.meta.title[language];
