import type { Language, MenuRoute } from '@dc/contract';
import type { MenuProps } from 'antd';
import { joinPath, visibleSorted } from '../app/menu-tree.ts';
import { menuIcon } from './menu-icons.tsx';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * antd menu items from the route tree: hidden items skipped, sorted by orderNo, and a group
 * marked `single` (or with one visible child) shown as one item leading to that child.
 */
export function menuItemsOf(routes: readonly MenuRoute[], language: Language, parentPath = '/'): MenuItem[] {
  return visibleSorted(routes).map((route) => {
    const fullPath = joinPath(parentPath, route.path);
    const children = visibleSorted(route.children);
    const icon = menuIcon(route.meta.icon);
    if (children.length === 0) return { key: fullPath, icon, label: route.meta.title[language] };
    if (route.meta.single || children.length === 1) {
      const only = children[0]!;
      return { key: joinPath(fullPath, only.path), icon, label: route.meta.title[language] };
    }
    return {
      key: fullPath,
      icon,
      label: route.meta.title[language],
      children: menuItemsOf(children, language, fullPath),
    };
  });
}

/** The external-link frame items (frameBlank): clicking them opens a new window. */
export function blankFrameTargets(routes: readonly MenuRoute[], parentPath = '/'): Map<string, string> {
  const targets = new Map<string, string>();
  for (const route of routes) {
    const fullPath = joinPath(parentPath, route.path);
    if (route.meta.frameBlank && route.meta.frameSrc) targets.set(fullPath, route.meta.frameSrc);
    for (const [key, value] of blankFrameTargets(route.children ?? [], fullPath)) targets.set(key, value);
  }
  return targets;
}

/** Open submenu keys for a path: every ancestor group of it. */
export function ancestorKeys(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}
