import { SettingOutlined } from '@ant-design/icons';
import { type MenuRoute, SIDEBAR_COLLAPSE_WIDTH } from '@dc/contract';
import { FloatButton, Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { useSettings } from '../stores/settings.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader, HEADER_HEIGHT } from './AppHeader.tsx';
import { AppSider } from './AppSider.tsx';
import { type NavigationPlan, planNavigation } from './navigation-plan.ts';
import { SectionMenu } from './SectionMenu.tsx';
import { LazySettingsDrawer } from './SettingsButton.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useSettingsDrawer } from './settings-drawer-state.ts';
import { TabBar } from './TabBar.tsx';
import { TabViews } from './TabViews.tsx';
import { useNotificationStream } from './use-notification-stream.ts';

const narrowQuery = `(max-width: ${SIDEBAR_COLLAPSE_WIDTH}px)`;

/** Collapsed while the window is 991 px wide or narrower, expanded again when wider. */
function useAutoCollapse(): [boolean, (value: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia(narrowQuery).matches);
  useEffect(() => {
    const query = window.matchMedia(narrowQuery);
    const onChange = () => setCollapsed(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return [collapsed, setCollapsed];
}

/** The horizontal menu the header carries: the whole tree (top), first-level items (split), or none. */
function headerMenuOf(plan: NavigationPlan, tree: readonly MenuRoute[]): ReactNode {
  if (plan.headerMenu === 'full') return <SideMenu routes={tree} mode="horizontal" />;
  if (plan.headerMenu === 'sections') return <SectionMenu tree={tree} current={plan.section} />;
  return null;
}

interface ConsoleFrameProps {
  /** The header when it spans the window (top and mix layouts). */
  topHeader: ReactNode;
  sider: ReactNode;
  /** With the header hidden, the drawer still needs a way in, or the header could never come back. */
  showFloatingSettings: boolean;
  /** The page column. */
  children: ReactNode;
}

function ConsoleFrame({ topHeader, sider, showFloatingSettings, children }: ConsoleFrameProps) {
  const t = useT();
  const openSettings = useSettingsDrawer((s) => s.setOpen);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {topHeader}
      <Layout hasSider={Boolean(sider)}>
        {sider}
        {children}
      </Layout>
      <LazySettingsDrawer />
      {showFloatingSettings && (
        <FloatButton
          icon={<SettingOutlined />}
          aria-label={t('header.settings')}
          onClick={() => openSettings(true)}
          style={{ insetInlineEnd: 24, bottom: 104 }}
        />
      )}
      <FloatButton.BackTop />
    </Layout>
  );
}

/**
 * The signed-in frame in the layout the settings choose (spec section 2): side (sidebar and
 * header), top (header with the menu, no sidebar) or mix (header across the top, sidebar below,
 * optionally split by first-level item); then breadcrumb, page, footer, back-to-top.
 */
export function ConsoleLayout() {
  // Live notifications reach the console whether or not the header (and its bell) is shown.
  useNotificationStream();
  const tree = useMenu((s) => s.tree) ?? [];
  const settings = useSettings();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useAutoCollapse();
  const plan = planNavigation(settings, tree, pathname);
  const toggleCollapse = () => setCollapsed(!collapsed);

  const header = (
    <AppHeader
      showLogo={plan.header === 'top'}
      menu={headerMenuOf(plan, tree)}
      collapsed={collapsed}
      onToggleCollapse={plan.sider ? toggleCollapse : undefined}
      fixed={settings.isHeaderFixed}
    />
  );
  const sider = plan.sider && (
    <AppSider
      {...plan.sider}
      collapsed={collapsed}
      onToggleCollapse={toggleCollapse}
      showCollapseButton={plan.header === 'none'}
      fixed={settings.isSidebarFixed}
      stickyTop={plan.header === 'top' && settings.isHeaderFixed ? HEADER_HEIGHT : 0}
      hideWhenCollapsed={plan.headerMenu === 'sections'}
    />
  );

  return (
    <ConsoleFrame
      topHeader={plan.header === 'top' && header}
      sider={sider}
      showFloatingSettings={plan.header === 'none'}
    >
      <Layout>
        {plan.header === 'column' && header}
        <Layout.Content style={{ padding: 24 }}>
          {settings.isUseTabsRouter && <TabBar />}
          {settings.showBreadcrumb && <AppBreadcrumb />}
          <TabViews />
        </Layout.Content>
        {settings.showFooter && <AppFooter />}
      </Layout>
    </ConsoleFrame>
  );
}
