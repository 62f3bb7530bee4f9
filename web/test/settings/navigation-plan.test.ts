import type { MenuRoute } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import { currentSection, planNavigation, sectionLanding } from '../../src/layout/navigation-plan.ts';

const title = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });

/** A slice of the server's tree: ordered groups, a redirect-less group, a hidden group. */
const tree: MenuRoute[] = [
  {
    path: '/my-vault',
    name: 'MyVault',
    redirect: '/my-vault/vault-statistics',
    meta: { title: title('我的金库'), orderNo: 2 },
    children: [
      {
        path: 'vault-statistics',
        name: 'VaultStatistics',
        component: 'x',
        meta: { title: title('金库统计') },
      },
      { path: 'vault-detailed', name: 'VaultDetailed', component: 'x', meta: { title: title('金库明细') } },
    ],
  },
  {
    path: '/course',
    name: 'Course',
    meta: { title: title('课程管理'), orderNo: 1 },
    children: [
      { path: 'secret', name: 'Secret', component: 'x', meta: { title: title('隐藏'), hidden: true } },
      {
        path: 'designer-course',
        name: 'DesignerCourse',
        component: 'x',
        meta: { title: title('设计师课程') },
      },
    ],
  },
  {
    path: '/detail',
    name: 'Detail',
    meta: { title: title('详情'), hidden: true },
    children: [
      { path: 'fans-detail/:id', name: 'FansDetail', component: 'x', meta: { title: title('粉丝详情') } },
    ],
  },
];

const side = { layout: 'side', splitMenu: false, showHeader: true } as const;

describe('split menu sections', () => {
  it('the current section is the visible first-level item containing the path', () => {
    expect(currentSection(tree, '/my-vault/vault-detailed')?.path).toBe('/my-vault');
    expect(currentSection(tree, '/course')?.path).toBe('/course');
    // Not a prefix match on names: /my-vaultish is no page of /my-vault.
    expect(currentSection(tree, '/my-vaultish')).toBeUndefined();
    expect(currentSection(tree, '/detail/fans-detail/3')).toBeUndefined();
  });

  it('a first-level item leads to its redirect, else its first visible child, never a blank page', () => {
    expect(sectionLanding(tree[0]!)).toBe('/my-vault/vault-statistics');
    expect(sectionLanding(tree[1]!)).toBe('/course/designer-course');
  });
});

describe('planNavigation', () => {
  it('side: sidebar with logo, header in the page column', () => {
    const plan = planNavigation(side, tree, '/my-vault/vault-statistics');
    expect(plan).toMatchObject({
      header: 'column',
      headerMenu: 'none',
      sider: { parentPath: '/', showLogo: true },
    });
    expect(plan.sider?.routes).toBe(tree);
  });

  it('side without header: no header at all', () => {
    expect(planNavigation({ ...side, showHeader: false }, tree, '/course').header).toBe('none');
  });

  it('top: header across the top with the whole menu, no sidebar; show header does not apply', () => {
    const plan = planNavigation({ ...side, layout: 'top', showHeader: false }, tree, '/course');
    expect(plan).toMatchObject({ header: 'top', headerMenu: 'full', sider: null });
  });

  it('mix: header across the top, the whole menu in the sidebar below', () => {
    const plan = planNavigation({ ...side, layout: 'mix', showHeader: false }, tree, '/course');
    expect(plan).toMatchObject({
      header: 'top',
      headerMenu: 'none',
      sider: { parentPath: '/', showLogo: false },
    });
  });

  it('mix with split menu: first-level items on top, the current section children in the sidebar', () => {
    const plan = planNavigation(
      { ...side, layout: 'mix', splitMenu: true },
      tree,
      '/my-vault/vault-detailed',
    );
    expect(plan.headerMenu).toBe('sections');
    expect(plan.section?.path).toBe('/my-vault');
    expect(plan.sider?.parentPath).toBe('/my-vault');
    expect(plan.sider?.routes.map((r) => r.path)).toEqual(['vault-statistics', 'vault-detailed']);
  });

  it('split menu is ignored outside the mix layout', () => {
    expect(planNavigation({ ...side, splitMenu: true }, tree, '/course').headerMenu).toBe('none');
  });

  it('mix with split menu on a page outside every section shows no empty sidebar', () => {
    const plan = planNavigation({ ...side, layout: 'mix', splitMenu: true }, tree, '/user/index');
    expect(plan.sider).toBeNull();
    expect(plan.header).toBe('top');
  });
});
