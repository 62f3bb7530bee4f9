import type { MenuRoute } from '@dc/contract';
import { joinPath, visibleSorted } from '../app/menu-tree.ts';
import type { Settings } from '../stores/settings.ts';

/**
 * Where the header sits: across the top of the window, inside the page column beside the
 * sidebar, or nowhere (side layout with the header switched off).
 */
export type HeaderPlacement = 'top' | 'column' | 'none';

/** Which navigation the header carries: none, the whole menu, or first-level items only. */
export type HeaderMenu = 'none' | 'full' | 'sections';

export interface SiderPlan {
  routes: readonly MenuRoute[];
  parentPath: string;
  /** The side layout has no header across the top, so the sidebar carries the logo. */
  showLogo: boolean;
}

export interface NavigationPlan {
  header: HeaderPlacement;
  headerMenu: HeaderMenu;
  sider: SiderPlan | null;
  /** The first-level item the current page belongs to (split menu highlights it). */
  section: MenuRoute | undefined;
}

type LayoutSettings = Pick<Settings, 'layout' | 'splitMenu' | 'showHeader'>;

/** The visible first-level item whose pages include `pathname`. */
export function currentSection(tree: readonly MenuRoute[], pathname: string): MenuRoute | undefined {
  return visibleSorted(tree).find((route) => {
    const base = joinPath('/', route.path);
    return pathname === base || pathname.startsWith(`${base}/`);
  });
}

/** Where a first-level item leads: its redirect, else its first visible child, so never a blank page. */
export function sectionLanding(route: MenuRoute): string {
  const base = joinPath('/', route.path);
  if (route.redirect) return route.redirect;
  const first = visibleSorted(route.children)[0];
  return first ? joinPath(base, first.path) : base;
}

/** How the layout settings (spec section 2, settings drawer) arrange header, sidebar and menus. */
export function planNavigation(
  settings: LayoutSettings,
  tree: readonly MenuRoute[],
  pathname: string,
): NavigationPlan {
  const section = currentSection(tree, pathname);
  if (settings.layout === 'top') {
    return { header: 'top', headerMenu: 'full', sider: null, section };
  }
  if (settings.layout === 'mix') {
    if (!settings.splitMenu) {
      return {
        header: 'top',
        headerMenu: 'none',
        sider: { routes: tree, parentPath: '/', showLogo: false },
        section,
      };
    }
    const children = visibleSorted(section?.children);
    // A page outside every visible section (personal center, details) has no side menu to show.
    const sider =
      section && children.length > 0
        ? { routes: section.children ?? [], parentPath: joinPath('/', section.path), showLogo: false }
        : null;
    return { header: 'top', headerMenu: 'sections', sider, section };
  }
  return {
    header: settings.showHeader ? 'column' : 'none',
    headerMenu: 'none',
    sider: { routes: tree, parentPath: '/', showLogo: true },
    section,
  };
}
