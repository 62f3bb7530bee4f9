import type { MenuRoute } from '@dc/contract';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TabPanes } from '../../src/layout/TabViews.tsx';
import { useMenu } from '../../src/stores/menu.ts';
import { useTabs } from '../../src/stores/tabs.ts';
import { keys, pageTab } from './support.ts';

// React warns unless told that these renders are driven through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** How many times each page has been mounted: a state initialiser runs once per mount. */
const mounts = new Map<string, number>();

function Page({ id }: { id: string }) {
  useState(() => mounts.set(id, (mounts.get(id) ?? 0) + 1));
  return <p data-page={id}>{id}</p>;
}

const page = (path: string, keepAlive?: boolean): MenuRoute => ({
  path,
  name: path,
  component: `test/${path}`,
  meta: { title: { 'zh-CN': path, 'en-US': path }, ...(keepAlive === undefined ? {} : { keepAlive }) },
});

const tree: MenuRoute[] = [
  {
    path: '/t',
    name: 'T',
    meta: { title: { 'zh-CN': 'T', 'en-US': 'T' } },
    children: [page('a'), page('b'), page('no-keep', false)],
  },
];

const routes = ['/t/a', '/t/b', '/t/no-keep'].map((path) => ({ path, element: <Page id={path} /> }));

let root: Root;
let router: ReturnType<typeof createMemoryRouter>;

async function start(at: string): Promise<void> {
  router = createMemoryRouter([{ path: '*', element: <TabPanes routes={routes} /> }], {
    initialEntries: [at],
  });
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<RouterProvider router={router} />));
}

async function go(path: string): Promise<void> {
  await act(async () => {
    await router.navigate(path);
  });
}

const visiblePages = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="tab-pane"]')]
    .filter((pane) => pane.style.display !== 'none')
    .map((pane) => pane.dataset.tabKey);

beforeEach(() => {
  mounts.clear();
  localStorage.clear();
  useTabs.getState().reset();
  useMenu.getState().setTree(1, tree);
});

afterEach(async () => {
  await act(async () => root.unmount());
  document.body.replaceChildren();
});

describe('§2 tab bar: pages kept alive per tab', () => {
  it('opening pages adds their tabs; a page switched away from and back keeps its mount', async () => {
    await start('/t/a');
    await go('/t/b');
    await go('/t/a');
    expect(keys()).toEqual(['/my-vault', '/t/a', '/t/b']);
    expect(Object.fromEntries(mounts)).toEqual({ '/t/a': 1, '/t/b': 1 });
    expect(visiblePages()).toEqual(['/t/a']);
    expect(document.querySelectorAll('[data-page]')).toHaveLength(2);
  });

  it('a route with keepAlive false is mounted afresh each time it is shown', async () => {
    await start('/t/no-keep');
    await go('/t/a');
    expect(document.querySelector('[data-page="/t/no-keep"]')).toBeNull();
    await go('/t/no-keep');
    expect(mounts.get('/t/no-keep')).toBe(2);
    expect(mounts.get('/t/a')).toBe(1);
  });

  it('refresh re-mounts only that tab page', async () => {
    await start('/t/a');
    await go('/t/b');
    await act(async () => useTabs.getState().refreshTab('/t/b'));
    expect(mounts.get('/t/b')).toBe(2);
    expect(mounts.get('/t/a')).toBe(1);
    expect(useTabs.getState().tabs.every((tab) => tab.isAlive)).toBe(true);
  });

  it('tabs restored from storage mount their page only when first shown', async () => {
    useTabs.setState({ designerId: 1, tabs: [...useTabs.getState().tabs, pageTab('/t/a'), pageTab('/t/b')] });
    await start('/t/b');
    expect(mounts.has('/t/a')).toBe(false);
    await go('/t/a');
    expect(mounts.get('/t/a')).toBe(1);
  });

  it('a route tree without a tab page closes that tab', async () => {
    useTabs.setState({ tabs: [...useTabs.getState().tabs, pageTab('/t/gone')] });
    await start('/t/a');
    expect(keys()).toEqual(['/my-vault', '/t/a']);
  });
});
