import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../locales/index.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { SettingsButton } from './SettingsButton.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The phone menu drawer's id, which the menu button controls. */
export const MENU_DRAWER_ID = 'menu-drawer';

export const HEADER_HEIGHT = 64;
/**
 * The fixed header and the sticky tab bar under it stay above a table's fixed columns, which
 * antd stacks at z-index 2 and up (a fan list's went to 24 and covered both once scrolled), and
 * below popups (1000 and up).
 */
export const HEADER_Z_INDEX = 101;
export const TAB_BAR_Z_INDEX = 100;

/** A menu in the header sits on the header's own background and bottom border, not a second one. */
const headerMenuTheme = { components: { Menu: { colorSplit: 'transparent', itemBg: 'transparent' } } };

export interface AppHeaderProps {
  /** Top and mix layouts: the header spans the window and carries the logo. */
  showLogo: boolean;
  /** A horizontal menu (top layout, split menu), or nothing. */
  menu: ReactNode;
  collapsed: boolean;
  /** Absent when there is no sidebar to collapse (top layout). */
  onToggleCollapse: (() => void) | undefined;
  /** Sticky: stays in view while the page scrolls. */
  fixed: boolean;
  /** On a phone: the menu lives in a drawer, and this button (菜单) opens it. */
  menuDrawer?: { open: boolean; onOpen(): void };
}

/** The header: logo and menu where the layout puts them, then bell, language, settings, user. */
export function AppHeader({
  showLogo,
  menu,
  collapsed,
  onToggleCollapse,
  fixed,
  menuDrawer,
}: AppHeaderProps) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      data-testid="app-header"
      style={{
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT - 1}px`,
        background: token.colorBgContainer,
        paddingInline: 8,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        ...(fixed ? { position: 'sticky', top: 0, zIndex: HEADER_Z_INDEX } : {}),
      }}
    >
      <Flex align="center" gap={4} style={{ height: '100%' }}>
        {showLogo && <Logo />}
        {menuDrawer && (
          <Button
            type="text"
            aria-label={t('header.menu')}
            aria-expanded={menuDrawer.open}
            aria-controls={menuDrawer.open ? MENU_DRAWER_ID : undefined}
            icon={<MenuOutlined />}
            onClick={menuDrawer.onOpen}
          />
        )}
        {onToggleCollapse && (
          <Button
            type="text"
            aria-label={t('header.collapse')}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleCollapse}
          />
        )}
        {menu ? (
          <ConfigProvider theme={headerMenuTheme}>{menu}</ConfigProvider>
        ) : (
          <span style={{ flex: 1 }} />
        )}
        <Flex align="center" gap={4} style={{ flexShrink: 0 }}>
          <NotificationBell />
          <LanguageSwitch />
          <SettingsButton />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
