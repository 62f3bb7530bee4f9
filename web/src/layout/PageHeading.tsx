import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { flattenMenu } from '../app/menu-tree.ts';
import { resolveTab } from '../app/tab-routes.ts';
import { visuallyHidden } from '../components/visually-hidden.ts';
import { useLanguage } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { tabTitleText } from '../stores/tabs.ts';

/**
 * The page's one h1 (WCAG 2.4.6, issue 17 point 4): the current screen's title, the one its tab
 * and breadcrumb show. Kept out of sight, as the tab bar and breadcrumb already show it.
 */
export function PageHeading() {
  const tree = useMenu((s) => s.tree);
  const language = useLanguage((s) => s.language);
  const { pathname, search } = useLocation();
  const title = useMemo(() => {
    const routes = tree ?? [];
    const tab = resolveTab(routes, pathname, search);
    // The home tab is titled 首页; the heading names the screen itself.
    const menuRoute = flattenMenu(routes).find((entry) => matchPath(entry.fullPath, pathname));
    if (tab && !tab.isHome) return tabTitleText(tab.title, language);
    return menuRoute ? menuRoute.route.meta.title[language] : tab && tabTitleText(tab.title, language);
  }, [tree, pathname, search, language]);
  if (!title) return null;
  return <h1 style={visuallyHidden}>{title}</h1>;
}
