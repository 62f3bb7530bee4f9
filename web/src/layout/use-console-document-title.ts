import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../app/document-title.ts';
import { flattenMenu } from '../app/menu-tree.ts';
import { resolveTab } from '../app/tab-routes.ts';
import { useLanguage } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { tabTitleText } from '../stores/tabs.ts';
import { matchMenuEntry } from './menu-trail.ts';

/**
 * The browser tab's title follows the console screen on show: its menu title (the title its
 * tab carries; the home tab, 首页, by its screen's own, 金库统计), in the chosen language. A
 * location without a tab (a redirect, a page the menu lacks) is named by the page it shows.
 */
export function useConsoleDocumentTitle(): void {
  const language = useLanguage((s) => s.language);
  const tree = useMenu((s) => s.tree);
  const flat = useMemo(() => flattenMenu(tree ?? []), [tree]);
  const { pathname, search } = useLocation();
  const tab = tree ? resolveTab(tree, pathname, search) : null;
  const screen = tab?.isHome ? matchMenuEntry(flat, pathname)?.route.meta.title : tab?.title;
  useDocumentTitle(screen ? tabTitleText(screen, language) : undefined);
}
