import type { DesignerInfo, LocalizedText } from '@dc/contract';
import { HOME_TAB, type TabEntry, tabKey, useTabs } from '../../src/stores/tabs.ts';

/** A page tab as the router would open it. */
export function pageTab(path: string, query = '', title?: LocalizedText): TabEntry {
  return {
    path,
    query,
    title: title ?? { 'zh-CN': path, 'en-US': path },
    name: path,
    isHome: false,
    isAlive: true,
    meta: {},
  };
}

/** Starts the tab list (not its owner) from the home tab followed by these pages, in this order. */
export function openPages(...paths: string[]): void {
  useTabs.setState({ tabs: [{ ...HOME_TAB }] });
  for (const path of paths) useTabs.getState().openTab(pageTab(path));
}

export const keys = () => useTabs.getState().tabs.map(tabKey);

export const HOME_KEY = tabKey(HOME_TAB);

export const designer = (id: number): DesignerInfo => ({
  id,
  nickname: `designer ${id}`,
  pic: '',
  telephone: '',
});
