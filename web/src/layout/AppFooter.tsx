import { COPYRIGHT_START_YEAR } from '@dc/contract';
import { Layout, theme } from 'antd';
import { useT } from '../locales/index.ts';

export function AppFooter() {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Layout.Footer style={{ textAlign: 'center', color: token.colorTextTertiary, background: 'transparent' }}>
      {t('footer.copyright', {
        from: COPYRIGHT_START_YEAR,
        to: new Date().getFullYear(),
        name: t('app.name'),
      })}
    </Layout.Footer>
  );
}
