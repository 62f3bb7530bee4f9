import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { MenuRoute } from '@dc/contract';
import { Button, Flex, Layout, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../locales/index.ts';
import { Logo } from './Logo.tsx';
import { SideMenu } from './SideMenu.tsx';

/** Wide enough for the longest English labels (Short video management, Designer course ranking). */
export const SIDER_WIDTH = 232;
export const SIDER_COLLAPSED_WIDTH = 64;

export interface AppSiderProps {
  routes: readonly MenuRoute[];
  parentPath: string;
  collapsed: boolean;
  onToggleCollapse(): void;
  showLogo: boolean;
  /** No header is shown to carry the collapse button, so the sidebar carries it. */
  showCollapseButton: boolean;
  /** Sticky: the sidebar stays in view while the page scrolls. */
  fixed: boolean;
  /** Distance from the top of the window when fixed (below a header that spans the top). */
  stickyTop: number;
  /**
   * Collapse to nothing rather than to icons: a split menu's second-level items have no icons,
   * so a narrow strip would show only their first letters.
   */
  hideWhenCollapsed: boolean;
}

/** The sidebar: logo (side layout), the menu, and a collapse button when the header is hidden. */
export function AppSider(props: AppSiderProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { collapsed, fixed, stickyTop } = props;
  const hidden = collapsed && props.hideWhenCollapsed;
  const position: CSSProperties = fixed
    ? { position: 'sticky', top: stickyTop, height: `calc(100vh - ${stickyTop}px)`, overflow: 'auto' }
    : {};

  return (
    <Layout.Sider
      collapsed={collapsed}
      collapsedWidth={props.hideWhenCollapsed ? 0 : SIDER_COLLAPSED_WIDTH}
      width={SIDER_WIDTH}
      // The light Sider paints with colorBgContainer, which the dark algorithm turns dark too.
      theme="light"
      style={{ borderInlineEnd: hidden ? 'none' : `1px solid ${token.colorBorderSecondary}`, ...position }}
      data-testid="sidebar"
    >
      <Flex vertical style={{ minHeight: '100%' }}>
        {props.showLogo && <Logo compact={collapsed} />}
        {/* Keyed by section so a new section's menu opens its own groups, not the last one's. */}
        <SideMenu
          key={props.parentPath}
          routes={props.routes}
          parentPath={props.parentPath}
          collapsed={collapsed}
        />
        {props.showCollapseButton && (
          <Button
            type="text"
            aria-label={t('header.collapse')}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={props.onToggleCollapse}
            style={{ margin: 12, alignSelf: collapsed ? 'center' : 'flex-start' }}
          />
        )}
      </Flex>
    </Layout.Sider>
  );
}
