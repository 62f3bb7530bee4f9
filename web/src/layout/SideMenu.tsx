import type { MenuRoute } from '@dc/contract';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../locales/index.ts';
import { ancestorKeys, blankFrameTargets, menuItemsOf } from './menu-items.tsx';

/** The navigation menu of the route tree, for the sidebar (inline) or the top bar (horizontal). */
export function SideMenu({
  routes,
  mode = 'inline',
  collapsed = false,
  parentPath = '/',
  onChoose,
}: {
  routes: readonly MenuRoute[];
  mode?: 'inline' | 'horizontal';
  collapsed?: boolean;
  parentPath?: string;
  /** Called after a page is chosen (the phone's menu drawer closes). */
  onChoose?(): void;
}) {
  const language = useLanguage((s) => s.language);
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => menuItemsOf(routes, language, parentPath), [routes, language, parentPath]);
  const blankTargets = useMemo(() => blankFrameTargets(routes, parentPath), [routes, parentPath]);
  const [openKeys, setOpenKeys] = useState(() => ancestorKeys(location.pathname));
  // The current page's group opens when the page changes (after login, from a tab, a link…).
  useEffect(() => {
    setOpenKeys((open) => [...new Set([...open, ...ancestorKeys(location.pathname)])]);
  }, [location.pathname]);

  const selected = ancestorKeys(location.pathname).concat(location.pathname);
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      style={{ borderInlineEnd: 0, flex: 1, minWidth: 0 }}
      onClick={({ key }) => {
        const external = blankTargets.get(key);
        if (external) window.open(external, '_blank', 'noopener');
        else navigate(key);
        onChoose?.();
      }}
    />
  );
}
