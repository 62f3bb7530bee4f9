import { WalletOutlined } from '@ant-design/icons';
import { COPYRIGHT_START_YEAR } from '@dc/contract';
import { Flex, Layout, Menu, Typography, theme } from 'antd';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useT } from '../locales/index.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The signed-in frame: sidebar with logo and menu, header, content, footer. */
export function ConsoleLayout() {
  const t = useT();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" theme="light" style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}>
        <Link to="/my-vault/vault-statistics" style={{ display: 'block', padding: '16px 24px' }}>
          <Typography.Title level={5} style={{ margin: 0, color: token.colorPrimary }}>
            {t('app.name')}
          </Typography.Title>
        </Link>
        <Menu
          mode="inline"
          selectedKeys={[location.pathname]}
          defaultOpenKeys={['/my-vault']}
          onClick={({ key }) => navigate(key)}
          items={[
            {
              key: '/my-vault',
              icon: <WalletOutlined />,
              label: t('menu.myVault'),
              children: [{ key: '/my-vault/vault-statistics', label: t('menu.vaultStatistics') }],
            },
          ]}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: token.colorBgContainer, paddingInline: 16, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Flex justify="flex-end" align="center" gap={8} style={{ height: '100%' }}>
            <LanguageSwitch />
            <UserMenu />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextTertiary }}>
          {t('footer.copyright', { from: COPYRIGHT_START_YEAR, to: new Date().getFullYear(), name: t('app.name') })}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
