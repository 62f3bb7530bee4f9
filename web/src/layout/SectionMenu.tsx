import type { MenuRoute } from '@dc/contract';
import { Menu } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { joinPath, visibleSorted } from '../app/menu-tree.ts';
import { useLanguage } from '../locales/index.ts';
import { menuIcon } from './menu-icons.tsx';
import { sectionLanding } from './navigation-plan.ts';

/** The split menu's top bar: first-level items only; each leads to its landing page. */
export function SectionMenu({
  tree,
  current,
}: {
  tree: readonly MenuRoute[];
  current: MenuRoute | undefined;
}) {
  const language = useLanguage((s) => s.language);
  const navigate = useNavigate();
  const sections = useMemo(() => visibleSorted(tree), [tree]);
  const items = useMemo(
    () =>
      sections.map((route) => ({
        key: joinPath('/', route.path),
        icon: menuIcon(route.meta.icon),
        label: route.meta.title[language],
      })),
    [sections, language],
  );

  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={current ? [joinPath('/', current.path)] : []}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }}
      onClick={({ key }) => {
        const route = sections.find((section) => joinPath('/', section.path) === key);
        if (route) navigate(sectionLanding(route));
      }}
      data-testid="section-menu"
    />
  );
}
