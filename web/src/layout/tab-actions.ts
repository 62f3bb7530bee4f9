import { useNavigate } from 'react-router';
import { neighbourOf, tabHref, tabKey, useTabs } from '../stores/tabs.ts';

/** What a tab's × and its context menu do, each including where the view goes next. */
export interface TabActions {
  refresh(key: string): void;
  close(key: string): void;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
}

/**
 * Tab actions for the bar whose current page is `activeKey`. The store changes the list; this
 * decides navigation: the closed current tab gives way to its neighbour, and a bulk close that
 * takes the current page with it shows the tab that was right-clicked.
 */
export function useTabActions(activeKey: string): TabActions {
  const navigate = useNavigate();
  const store = useTabs.getState;
  const show = (key: string) => {
    const tab = store().tabs.find((entry) => tabKey(entry) === key);
    if (tab && key !== activeKey) navigate(tabHref(tab));
  };
  const closeMany = (close: (key: string) => void) => (key: string) => {
    close(key);
    if (!store().tabs.some((tab) => tabKey(tab) === activeKey)) show(key);
  };

  return {
    refresh(key) {
      store().refreshTab(key);
      show(key);
    },
    close(key) {
      const next = neighbourOf(store().tabs, key);
      if (key === activeKey && next) navigate(tabHref(next));
      store().closeTab(key);
    },
    closeLeft: closeMany((key) => store().closeLeft(key)),
    closeRight: closeMany((key) => store().closeRight(key)),
    closeOthers: closeMany((key) => store().closeOthers(key)),
  };
}
