import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { SIDEBAR_COLLAPSE_WIDTH } from '@dc/contract';
import { Button, Flex, FloatButton, Layout, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';
import { useSettings } from '../stores/settings.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { AppFooter } from './AppFooter.tsx';
import { ConsoleContent } from './ConsoleContent.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

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

/** The signed-in frame: sidebar, header, breadcrumb, page, footer, back-to-top. */
export function ConsoleLayout() {
  const t = useT();
  const { token } = theme.useToken();
  const tree = useMenu((s) => s.tree) ?? [];
  const settings = useSettings();
  const [collapsed, setCollapsed] = useAutoCollapse();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsed={collapsed}
        collapsedWidth={64}
        width={224}
        theme="light"
        style={{
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          ...(settings.isSidebarFixed
            ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }
            : {}),
        }}
        data-testid="sidebar"
      >
        <Logo compact={collapsed} />
        <SideMenu routes={tree} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        {settings.showHeader && (
          <Layout.Header
            style={{
              background: token.colorBgContainer,
              paddingInline: 8,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              ...(settings.isHeaderFixed ? { position: 'sticky', top: 0, zIndex: 10 } : {}),
            }}
          >
            <Flex justify="space-between" align="center" style={{ height: '100%' }}>
              <Button
                type="text"
                aria-label={t('header.collapse')}
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
              />
              <Flex align="center" gap={4}>
                <LanguageSwitch />
                <UserMenu />
              </Flex>
            </Flex>
          </Layout.Header>
        )}
        <Layout.Content style={{ padding: 24 }}>
          {settings.showBreadcrumb && <AppBreadcrumb />}
          <ConsoleContent />
        </Layout.Content>
        {settings.showFooter && <AppFooter />}
      </Layout>
      <FloatButton.BackTop />
    </Layout>
  );
}
