import { Activity, useEffect, useMemo, useState } from 'react';
import { type Location, type RouteObject, useLocation, useRoutes } from 'react-router';
import { buildConsoleRoutes } from '../app/console-routes.tsx';
import { useLanguage } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { useSettings } from '../stores/settings.ts';
import { locationTabKey, type TabEntry, tabKey, tabPathname, useTabs } from '../stores/tabs.ts';
import { useTabScrollMemory } from './use-tab-scroll-memory.ts';
import { useTabSync } from './use-tab-sync.ts';

/**
 * The console's pages. With multi-tab on, every open tab keeps its page mounted inside React's
 * `<Activity>`, hidden while another tab shows, so its state (form input, table page, scroll)
 * is there when the tab comes back. With multi-tab off, only the current page renders.
 */
export function TabViews() {
  const tree = useMenu((s) => s.tree);
  const language = useLanguage((s) => s.language);
  const multiTab = useSettings((s) => s.isUseTabsRouter);
  // The titles in these routes follow the language; the page components (and their state) stay.
  const routes = useMemo(() => buildConsoleRoutes(tree ?? [], language), [tree, language]);
  return multiTab ? <TabPanes routes={routes} /> : <CurrentPage routes={routes} />;
}

function CurrentPage({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** One tab's page, seeing its own location through useLocation and useParams even while hidden. */
function TabPage({ routes, location }: { routes: RouteObject[]; location: Partial<Location> }) {
  return useRoutes(routes, location);
}

interface Pane {
  key: string;
  location: Partial<Location>;
  isAlive: boolean;
  keepAlive: boolean;
}

const paneOf = (tab: TabEntry): Pane => ({
  key: tabKey(tab),
  location: { pathname: tabPathname(tab), search: tab.query, hash: '', state: null, key: tabKey(tab) },
  isAlive: tab.isAlive,
  keepAlive: tab.meta.keepAlive !== false,
});

/** Every open tab's page, the current one visible (exported for its tests, which bring their own routes). */
export function TabPanes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const reviveTab = useTabs((s) => s.reviveTab);
  const activeKey = locationTabKey(location.pathname);
  useTabSync(location.pathname, location.search);
  useTabScrollMemory(activeKey);

  // A restored tab mounts its page the first time it is shown, not all at once after a reload.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(
    () => setShown((prev) => (prev.has(activeKey) ? prev : new Set(prev).add(activeKey))),
    [activeKey],
  );

  // Refresh unmounted these pages in the last commit; mounting them again is the re-render.
  useEffect(() => {
    for (const tab of tabs) if (!tab.isAlive) reviveTab(tabKey(tab));
  }, [tabs, reviveTab]);

  const panes = useMemo(() => {
    const byKey = new Map(tabs.map((tab) => [tabKey(tab), paneOf(tab)]));
    // The current location before its tab exists, or one that never becomes a tab (a redirect).
    if (!byKey.has(activeKey)) {
      byKey.set(activeKey, { key: activeKey, location, isAlive: true, keepAlive: false });
    }
    // Rendered in a fixed order, so reordering tabs never moves a mounted page's DOM.
    return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }, [tabs, activeKey, location]);

  return panes.map((pane) => {
    const active = pane.key === activeKey;
    const mounted = active || (pane.keepAlive && shown.has(pane.key));
    if (!mounted || !pane.isAlive) return null;
    return (
      <Activity key={pane.key} mode={active ? 'visible' : 'hidden'}>
        <div data-testid="tab-pane" data-tab-key={pane.key}>
          <TabPage routes={routes} location={active ? location : pane.location} />
        </div>
      </Activity>
    );
  });
}
