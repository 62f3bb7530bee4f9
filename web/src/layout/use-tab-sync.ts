import { useEffect } from 'react';
import { resolveTab } from '../app/tab-routes.ts';
import { useMenu } from '../stores/menu.ts';
import { useTabs } from '../stores/tabs.ts';

/**
 * Keeps the tab list in step with navigation: opening a console page adds (or activates) its
 * tab, and a new route tree re-titles the tabs and closes those whose page no longer exists.
 * It runs on location changes only, so closing the current tab is not undone before the
 * navigation to its neighbour lands.
 */
export function useTabSync(pathname: string, search: string): void {
  const tree = useMenu((s) => s.tree);

  useEffect(() => {
    if (tree) useTabs.getState().reconcile((tab) => resolveTab(tree, tab.path, tab.query));
  }, [tree]);

  useEffect(() => {
    if (!tree) return;
    const entry = resolveTab(tree, pathname, search);
    if (entry) useTabs.getState().openTab(entry);
  }, [tree, pathname, search]);
}
