import { beforeEach, describe, expect, it } from 'vitest';
import { contextMenuRules, HOME_TAB, neighbourOf, tabHref, tabKey, useTabs } from '../../src/stores/tabs.ts';
import { HOME_KEY, keys, openPages, pageTab } from './support.ts';

beforeEach(() => {
  localStorage.clear();
  useTabs.getState().reset();
});

describe('§2 tab bar: opening pages', () => {
  it('starts with the home tab /my-vault alone', () => {
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
    expect(HOME_KEY).toBe('/my-vault');
  });

  it('opening a page adds its tab at the end; opening it again only activates it', () => {
    openPages('/course/designer-course', '/fans/fans-list');
    useTabs.getState().openTab(pageTab('/course/designer-course'));
    expect(keys()).toEqual([HOME_KEY, '/course/designer-course', '/fans/fans-list']);
  });

  it('a page changing its query stays one tab, which goes back to the latest query', () => {
    openPages('/a');
    useTabs.getState().openTab(pageTab('/notifications'));
    useTabs.getState().openTab(pageTab('/notifications', '?page=2'));
    expect(keys()).toEqual([HOME_KEY, '/a', '/notifications']);
    expect(tabHref(useTabs.getState().tabs[2]!)).toBe('/notifications?page=2');
  });

  it('the home tab remembers the query of the home page too', () => {
    openPages();
    useTabs.getState().openTab({ ...HOME_TAB, query: '?range=week' });
    expect(useTabs.getState().tabs).toEqual([{ ...HOME_TAB, query: '?range=week' }]);
    expect(tabHref(useTabs.getState().tabs[0]!)).toBe('/my-vault/vault-statistics?range=week');
  });

  it('re-opening an open tab takes the newer title and keeps its place', () => {
    openPages('/a', '/b');
    useTabs.getState().openTab(pageTab('/a', '', { 'zh-CN': '新', 'en-US': 'New' }));
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
    expect(useTabs.getState().tabs[1]?.title).toEqual({ 'zh-CN': '新', 'en-US': 'New' });
  });

  it('opening the home page activates the home tab instead of adding one', () => {
    openPages('/a');
    useTabs.getState().openTab({ ...HOME_TAB });
    expect(keys()).toEqual([HOME_KEY, '/a']);
  });

  it('a login page never becomes a tab', () => {
    openPages('/start/login');
    expect(keys()).toEqual([HOME_KEY]);
  });
});

describe('§2 tab bar: closing', () => {
  it('the home tab is pinned: closing it, or closing everything around it, keeps it first', () => {
    openPages('/a', '/b');
    useTabs.getState().closeTab(HOME_KEY);
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
    useTabs.getState().closeOthers('/b');
    expect(keys()).toEqual([HOME_KEY, '/b']);
    useTabs.getState().closeLeft('/b');
    expect(keys()).toEqual([HOME_KEY, '/b']);
  });

  it('closing a tab removes only that tab', () => {
    openPages('/a', '/b', '/c');
    useTabs.getState().closeTab('/b');
    expect(keys()).toEqual([HOME_KEY, '/a', '/c']);
  });

  it('the neighbour of a closing tab is the one to its right, or to its left at the end', () => {
    openPages('/a', '/b', '/c');
    const { tabs } = useTabs.getState();
    expect(tabKey(neighbourOf(tabs, '/b')!)).toBe('/c');
    expect(tabKey(neighbourOf(tabs, '/c')!)).toBe('/b');
    expect(tabKey(neighbourOf(tabs, '/a')!)).toBe('/b');
    expect(neighbourOf(tabs, '/unknown')).toBeUndefined();
  });

  it('close left removes every closable tab before the chosen one', () => {
    openPages('/a', '/b', '/c', '/d');
    useTabs.getState().closeLeft('/c');
    expect(keys()).toEqual([HOME_KEY, '/c', '/d']);
  });

  it('close right removes every tab after the chosen one', () => {
    openPages('/a', '/b', '/c', '/d');
    useTabs.getState().closeRight('/b');
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
    useTabs.getState().closeRight(HOME_KEY);
    expect(keys()).toEqual([HOME_KEY]);
  });

  it('close others keeps the home tab and the chosen one', () => {
    openPages('/a', '/b', '/c');
    useTabs.getState().closeOthers('/b');
    expect(keys()).toEqual([HOME_KEY, '/b']);
  });

  it('actions on a tab that is not open change nothing', () => {
    openPages('/a', '/b');
    for (const action of ['closeTab', 'closeLeft', 'closeRight', 'closeOthers'] as const) {
      useTabs.getState()[action]('/missing');
    }
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
  });
});

describe('§2 tab bar: context-menu visibility', () => {
  it('close left shows from the third tab on', () => {
    openPages('/a', '/b');
    const { tabs } = useTabs.getState();
    expect(contextMenuRules(tabs, HOME_KEY).closeLeft).toBe(false);
    expect(contextMenuRules(tabs, '/a').closeLeft).toBe(false);
    expect(contextMenuRules(tabs, '/b').closeLeft).toBe(true);
  });

  it('close right shows on every tab but the last', () => {
    openPages('/a', '/b');
    const { tabs } = useTabs.getState();
    expect(contextMenuRules(tabs, HOME_KEY).closeRight).toBe(true);
    expect(contextMenuRules(tabs, '/a').closeRight).toBe(true);
    expect(contextMenuRules(tabs, '/b').closeRight).toBe(false);
  });

  it('close others shows only with more than two tabs', () => {
    openPages('/a');
    expect(contextMenuRules(useTabs.getState().tabs, '/a').closeOthers).toBe(false);
    openPages('/a', '/b');
    expect(contextMenuRules(useTabs.getState().tabs, '/a').closeOthers).toBe(true);
    expect(contextMenuRules(useTabs.getState().tabs, HOME_KEY).closeOthers).toBe(true);
  });

  it('refresh is always offered; the home tab alone offers nothing else', () => {
    openPages();
    expect(contextMenuRules(useTabs.getState().tabs, HOME_KEY)).toEqual({
      refresh: true,
      closeLeft: false,
      closeRight: false,
      closeOthers: false,
    });
  });
});

describe('§2 tab bar: reorder and refresh', () => {
  it('dragging moves a tab to the drop position', () => {
    openPages('/a', '/b', '/c');
    useTabs.getState().moveTab('/c', '/a');
    expect(keys()).toEqual([HOME_KEY, '/c', '/a', '/b']);
    useTabs.getState().moveTab('/c', '/b');
    expect(keys()).toEqual([HOME_KEY, '/a', '/b', '/c']);
  });

  it('the home tab cannot be dragged, and nothing lands before it', () => {
    openPages('/a', '/b');
    useTabs.getState().moveTab(HOME_KEY, '/b');
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
    useTabs.getState().moveTab('/b', HOME_KEY);
    expect(keys()).toEqual([HOME_KEY, '/b', '/a']);
  });

  it('refresh toggles only that tab alive flag off, and revive turns it back on', () => {
    openPages('/a', '/b');
    useTabs.getState().refreshTab('/a');
    expect(useTabs.getState().tabs.map((tab) => tab.isAlive)).toEqual([true, false, true]);
    useTabs.getState().reviveTab('/a');
    expect(useTabs.getState().tabs.every((tab) => tab.isAlive)).toBe(true);
  });

  it('reconcile re-titles tabs and closes those whose page no longer exists, keeping the order', () => {
    openPages('/a', '/gone', '/b');
    useTabs
      .getState()
      .reconcile((tab) =>
        tab.path === '/gone'
          ? null
          : pageTab(tab.path, tab.query, { 'zh-CN': `新${tab.path}`, 'en-US': tab.path }),
      );
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
    expect(useTabs.getState().tabs[1]?.title).toEqual({ 'zh-CN': '新/a', 'en-US': '/a' });
  });
});
