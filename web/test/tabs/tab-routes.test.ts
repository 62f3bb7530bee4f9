import type { MenuRoute } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { HOME_REDIRECT } from '../../src/app/console-routes.tsx';
import { resolveTab } from '../../src/app/tab-routes.ts';
import { HOME_PAGE_PATH, HOME_TAB, locationTabKey, tabHref, tabTitleText } from '../../src/stores/tabs.ts';

const title = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const tree: MenuRoute[] = [
  {
    path: '/my-vault',
    name: 'MyVault',
    redirect: '/my-vault/vault-statistics',
    meta: { title: title('我的金库', 'My vault') },
    children: [
      {
        path: 'vault-statistics',
        name: 'VaultStatistics',
        component: 'vault/vault-statistics',
        meta: { title: title('金库统计', 'Vault statistics') },
      },
    ],
  },
  {
    path: '/data',
    name: 'Data',
    redirect: '/data/data-analysis',
    meta: { title: title('数据分析', 'Data analysis') },
    children: [
      {
        path: 'show-rank',
        name: 'ShowRank',
        component: 'analytics/show-rank',
        meta: { title: title('秀场排行', 'Show ranking') },
      },
      {
        path: 'fans-analysis-list/:type',
        name: 'FansAnalysisList',
        component: 'analytics/fans-analysis-list',
        meta: { title: title('粉丝分析列表', 'Fans analysis list'), hidden: true },
      },
    ],
  },
  {
    path: '/smartClient',
    name: 'SmartClient',
    meta: { title: title('智能客户', 'Smart client') },
    children: [
      {
        path: 'crowd-pack',
        name: 'CrowdPack',
        component: 'crowd-packs/crowd-pack',
        meta: { title: title('人群包', 'Crowd packs'), keepAlive: false },
      },
    ],
  },
  { path: '/docs', name: 'Docs', meta: { title: title('文档', 'Docs'), frameSrc: 'https://example.com' } },
];

describe('§2 tab bar: which pages become tabs', () => {
  it('the home page is the home tab /my-vault, titled 首页 / Home', () => {
    expect(resolveTab(tree, '/my-vault/vault-statistics', '')).toEqual(HOME_TAB);
    expect(tabTitleText(HOME_TAB.title, 'zh-CN')).toBe('首页');
    expect(tabTitleText(HOME_TAB.title, 'en-US')).toBe('Home');
    expect(HOME_PAGE_PATH).toBe(HOME_REDIRECT);
    expect(locationTabKey(HOME_PAGE_PATH)).toBe('/my-vault');
    expect(tabHref(HOME_TAB)).toBe(HOME_PAGE_PATH);
    expect(resolveTab(tree, HOME_PAGE_PATH, '?range=week')).toEqual({ ...HOME_TAB, query: '?range=week' });
  });

  it('a menu page is titled from its route, in either language', () => {
    const tab = resolveTab(tree, '/data/show-rank', '?page=2');
    expect(tab).toMatchObject({ path: '/data/show-rank', query: '?page=2', name: 'ShowRank', isHome: false });
    expect(tabTitleText(tab!.title, 'zh-CN')).toBe('秀场排行');
    expect(tabTitleText(tab!.title, 'en-US')).toBe('Show ranking');
  });

  it('a page with route parameters is matched and keeps its own path', () => {
    const tab = resolveTab(tree, '/data/fans-analysis-list/7', '');
    expect(tab).toMatchObject({ path: '/data/fans-analysis-list/7', name: 'FansAnalysisList' });
    expect(tab?.meta.hidden).toBe(true);
  });

  it('the route meta travels with the tab (keepAlive false re-mounts on return)', () => {
    expect(resolveTab(tree, '/smartClient/crowd-pack', '')?.meta.keepAlive).toBe(false);
  });

  it('a frame route is a page', () => {
    expect(resolveTab(tree, '/docs', '')).toMatchObject({ path: '/docs', name: 'Docs' });
  });

  it('redirect routes never become tabs: groups, /my-vault, /home, unknown paths', () => {
    for (const path of ['/data', '/my-vault', '/smartClient', '/home', '/nowhere', '/data/nowhere']) {
      expect(resolveTab(tree, path, '')).toBeNull();
    }
  });

  it('pages outside the menu are titled from locale keys', () => {
    const notFound = resolveTab(tree, '/result/404', '');
    expect(notFound?.title).toBe('tabs.page.result404');
    expect(tabTitleText(notFound!.title, 'en-US')).toBe('Page not found');
    const userCenter = resolveTab(tree, '/user/index', '');
    expect(tabTitleText(userCenter!.title, 'zh-CN')).toBe('个人中心');
    expect(resolveTab(tree, '/notifications', '')?.title).toBe('tabs.page.notifications');
  });

  it('a login page is never a console tab', () => {
    expect(resolveTab(tree, '/start/login', '')).toBeNull();
  });
});
