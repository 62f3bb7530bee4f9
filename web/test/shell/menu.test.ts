import type { MenuRoute } from '@dc/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildConsoleRoutes } from '../../src/app/console-routes.tsx';
import { flattenMenu, visibleSorted } from '../../src/app/menu-tree.ts';
import { ancestorKeys, blankFrameTargets, menuItemsOf } from '../../src/layout/menu-items.tsx';

const title = (zh: string) => ({ 'zh-CN': zh, 'en-US': `${zh}-en` });

const tree: MenuRoute[] = [
  {
    path: '/b',
    name: 'B',
    redirect: '/b/one',
    meta: { title: title('乙'), orderNo: 2 },
    children: [
      { path: 'one', name: 'One', component: 'vault/vault-statistics', meta: { title: title('一') } },
      {
        path: 'secret/:id',
        name: 'Secret',
        component: 'result/404',
        meta: { title: title('隐'), hidden: true },
      },
      { path: 'two', name: 'Two', component: 'no/such-page', meta: { title: title('二') } },
    ],
  },
  {
    path: '/a',
    name: 'A',
    redirect: '/a/only',
    meta: { title: title('甲'), orderNo: 1, single: true },
    children: [{ path: 'only', name: 'Only', component: 'result/404', meta: { title: title('唯一') } }],
  },
  {
    path: '/ext',
    name: 'Ext',
    meta: { title: title('外链'), orderNo: 3, frameSrc: 'https://example.com/doc', frameBlank: true },
  },
];

describe('§2 route tree from the server', () => {
  it('§2 menu items are sorted by orderNo and hidden items are skipped', () => {
    expect(visibleSorted(tree).map((r) => r.name)).toEqual(['A', 'B', 'Ext']);
    const items = menuItemsOf(tree, 'zh-CN');
    const b = items[1] as { children: Array<{ key: string }> };
    expect(b.children.map((c) => c.key)).toEqual(['/b/one', '/b/two']);
  });

  it('§2 a single-child menu shows as one item leading to its child', () => {
    const [a] = menuItemsOf(tree, 'en-US') as Array<{ key: string; label: string; children?: unknown }>;
    expect(a).toMatchObject({ key: '/a/only', label: '甲-en' });
    expect(a?.children).toBeUndefined();
  });

  it('§2 external-link frame items are collected to open in a new window', () => {
    expect(blankFrameTargets(tree).get('/ext')).toBe('https://example.com/doc');
  });

  it('§2 flattened routes carry absolute paths and their ancestors', () => {
    const secret = flattenMenu(tree).find((r) => r.route.name === 'Secret');
    expect(secret?.fullPath).toBe('/b/secret/:id');
    expect(secret?.ancestors.map((r) => r.name)).toEqual(['B']);
    expect(ancestorKeys('/b/secret/7')).toEqual(['/b', '/b/secret']);
  });

  it('§2 an unknown page component name logs a warning and falls back to a default page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const routes = buildConsoleRoutes(tree, 'zh-CN');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no/such-page'));
    expect(routes.find((r) => r.path === '/b/two')?.element).toBeTruthy();
    warn.mockRestore();
  });

  it('§2 every route exists: groups redirect, pages resolve, unknown paths go to /result/404', () => {
    const paths = buildConsoleRoutes(tree, 'zh-CN').map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/home', '/b', '/b/one', '/b/secret/:id', '/a', '/a/only', '*']),
    );
    expect(paths).toEqual(expect.arrayContaining(['/result/404', '/result/maintenance', '/user/index']));
  });
});

describe('§2 /home', () => {
  it('§2 /home lands on vault statistics, or for a newly registered designer on designer information', async () => {
    const { homeTarget } = await import('../../src/app/console-routes.tsx');
    const vault: MenuRoute = {
      path: '/my-vault',
      name: 'V',
      redirect: '/my-vault/vault-statistics',
      meta: { title: title('金库') },
    };
    expect(homeTarget([...tree, vault])).toBe('/my-vault/vault-statistics');
    const newcomer: MenuRoute = {
      path: '/basic-information',
      name: 'Basic',
      redirect: '/basic-information/designer-information',
      meta: { title: title('基本信息') },
    };
    expect(homeTarget([newcomer])).toBe('/basic-information/designer-information');
  });
});
