import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../src/stores/session.ts';
import { storageKeys } from '../../src/stores/storage-keys.ts';
import { HOME_TAB, sanitizeTabs, tabKey, useTabs } from '../../src/stores/tabs.ts';
import { designer, HOME_KEY, keys, openPages, pageTab } from './support.ts';

const stored = () => JSON.parse(localStorage.getItem(storageKeys.tabs) ?? 'null');

async function rehydrateFrom(raw: string): Promise<void> {
  localStorage.setItem(storageKeys.tabs, raw);
  await useTabs.persist.rehydrate();
}

beforeEach(() => {
  localStorage.clear();
  useTabs.getState().reset();
  useSession.setState({ designerId: null });
});

describe('§2 tab bar: tabs survive a reload', () => {
  it('the open tabs and their order are written to storage and read back', async () => {
    useTabs.getState().adoptDesigner(7);
    openPages('/a', '/b');
    useTabs.getState().moveTab('/b', '/a');
    const saved = JSON.stringify(stored());
    useTabs.getState().reset();
    await rehydrateFrom(saved);
    expect(keys()).toEqual([HOME_KEY, '/b', '/a']);
  });

  it('a page unmounted by refresh comes back alive after a reload', async () => {
    openPages('/a');
    useTabs.getState().refreshTab('/a');
    await rehydrateFrom(JSON.stringify(stored()));
    expect(useTabs.getState().tabs.every((tab) => tab.isAlive)).toBe(true);
  });

  it.each([
    ['not JSON', '{tabs:'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['tabs not a list', JSON.stringify({ state: { designerId: 1, tabs: 'x' }, version: 0 })],
    [
      'an entry with a bad path',
      JSON.stringify({ state: { designerId: 1, tabs: [{ ...pageTab('/a'), path: 'a' }] }, version: 0 }),
    ],
    [
      'an unknown message key as title',
      JSON.stringify({
        state: { designerId: 1, tabs: [{ ...pageTab('/a'), title: 'no.such.key' }] },
        version: 0,
      }),
    ],
  ])('corrupt storage (%s) is ignored: the defaults apply', async (_, raw) => {
    // A fresh page load: the store starts from its defaults and then reads storage.
    useTabs.getState().reset();
    await expect(rehydrateFrom(raw)).resolves.toBeUndefined();
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
  });

  it('stored tabs are cleaned: home first exactly once, no login tab, no duplicates', () => {
    const cleaned = sanitizeTabs({
      designerId: 3,
      tabs: [pageTab('/a'), { ...HOME_TAB }, pageTab('/start/login'), pageTab('/a'), pageTab('/b')],
    });
    expect(cleaned.designerId).toBe(3);
    expect(cleaned.tabs.map(tabKey)).toEqual([HOME_KEY, '/a', '/b']);
  });
});

describe('§2 tab bar: tabs belong to one designer', () => {
  it('the same designer signing in again keeps the tabs', () => {
    useSession.getState().setDesigner(designer(5));
    openPages('/a');
    useSession.setState({ designerId: null });
    useSession.getState().setDesigner(designer(5));
    expect(keys()).toEqual([HOME_KEY, '/a']);
  });

  it('another designer signing in starts from the home tab alone', () => {
    useTabs.getState().adoptDesigner(5);
    openPages('/a', '/b');
    expect(keys()).toEqual([HOME_KEY, '/a', '/b']);
    useSession.getState().setDesigner(designer(6));
    expect(keys()).toEqual([HOME_KEY]);
    expect(useTabs.getState().designerId).toBe(6);
    expect(stored().state).toEqual({ designerId: 6, tabs: [HOME_TAB] });
  });

  it('tabs restored from storage for another designer are dropped when this one signs in', async () => {
    await rehydrateFrom(
      JSON.stringify({ state: { designerId: 1, tabs: [HOME_TAB, pageTab('/a')] }, version: 0 }),
    );
    expect(keys()).toEqual([HOME_KEY, '/a']);
    useSession.getState().setDesigner(designer(2));
    expect(keys()).toEqual([HOME_KEY]);
  });
});
