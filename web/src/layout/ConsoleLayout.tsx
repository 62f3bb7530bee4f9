import { SettingOutlined } from '@ant-design/icons';
import { type MenuRoute, SIDEBAR_COLLAPSE_WIDTH } from '@dc/contract';
import { FloatButton, Layout } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useFocusableScrollRegions } from '../components/use-focusable-scroll-regions.ts';
import { useT } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { useSettings } from '../stores/settings.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader, HEADER_HEIGHT } from './AppHeader.tsx';
import { AppSider } from './AppSider.tsx';
import { type NavigationPlan, planNavigation } from './navigation-plan.ts';
import { PageHeading } from './PageHeading.tsx';
import { SectionMenu } from './SectionMenu.tsx';
import { LazySettingsDrawer } from './SettingsButton.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useSettingsDrawer } from './settings-drawer-state.ts';
import { TabBar } from './TabBar.tsx';
import { TabViews } from './TabViews.tsx';
import { useConsoleDocumentTitle } from './use-console-document-title.ts';
import { usePhone } from './use-phone.ts';
import './phone.css';
import { useNotificationStream } from './use-notification-stream.ts';

const MenuDrawer = lazy(() => import('./MenuDrawer.tsx'));

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
  useConsoleDocumentTitle();
  useFocusableScrollRegions();
  return usePhone() ? <PhoneLayout /> : <DesktopLayout />;
}

/** The page column's contents, the same in every layout. */
function PageColumn({ padding }: { padding: number }) {
  const settings = useSettings();
  return (
    <Layout.Content style={{ padding }}>
      <PageHeading />
      {settings.isUseTabsRouter && <TabBar />}
      {settings.showBreadcrumb && <AppBreadcrumb />}
      <TabViews />
    </Layout.Content>
  );
}

/**
 * A phone (≤ 430 px, issue 17): whatever the layout setting, a header with the menu button
 * (菜单) that opens the whole menu in a drawer, and the page across the full width.
 */
function PhoneLayout() {
  const tree = useMenu((s) => s.tree) ?? [];
  const settings = useSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed and opens at once the next time.
  const [menuEverOpened, setMenuEverOpened] = useState(false);
  const openMenu = () => {
    setMenuEverOpened(true);
    setMenuOpen(true);
  };
  const header = (
    <AppHeader
      showLogo={false}
      menu={null}
      collapsed
      onToggleCollapse={undefined}
      fixed={settings.isHeaderFixed}
      menuDrawer={{ open: menuOpen, onOpen: openMenu }}
    />
  );
  return (
    <ConsoleFrame topHeader={header} sider={null} showFloatingSettings={false}>
      <Layout>
        <PageColumn padding={PHONE_PADDING} />
        {settings.showFooter && <AppFooter />}
      </Layout>
      {menuEverOpened && (
        <Suspense fallback={null}>
          <MenuDrawer tree={tree} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </ConsoleFrame>
  );
}

const PHONE_PADDING = 12;
const DESKTOP_PADDING = 24;

function DesktopLayout() {
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
        <PageColumn padding={DESKTOP_PADDING} />
        {settings.showFooter && <AppFooter />}
      </Layout>
    </ConsoleFrame>
  );
}
