import type { MenuRoute } from '@dc/contract';
import { Drawer } from 'antd';
import { useT } from '../locales/index.ts';
import { MENU_DRAWER_ID } from './AppHeader.tsx';
import { Logo } from './Logo.tsx';
import { SideMenu } from './SideMenu.tsx';

/**
 * On a phone the sidebar's menu lives here, opened from the header's menu button. Loaded the
 * first time it opens (`LazyMenuDrawer`): desktops never need antd's Drawer in the console frame.
 */
export default function MenuDrawer({
  tree,
  open,
  onClose,
}: {
  tree: readonly MenuRoute[];
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  return (
    <Drawer
      id={MENU_DRAWER_ID}
      placement="left"
      open={open}
      onClose={onClose}
      size={280}
      title={<Logo />}
      aria-label={t('header.menu')}
      styles={{ body: { padding: 0 }, header: { padding: 0 } }}
      closable={false}
      data-testid="menu-drawer"
    >
      {/* Choosing a page closes the drawer, so the page is what the user sees next. */}
      <SideMenu routes={tree} onChoose={onClose} />
    </Drawer>
  );
}
