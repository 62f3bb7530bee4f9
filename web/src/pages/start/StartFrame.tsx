import { COPYRIGHT_START_YEAR } from '@dc/contract';
import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../layout/LanguageSwitch.tsx';
import { useT } from '../../locales/index.ts';

/** The frame of the public pages (login, registration, status): brand, card, footer. */
export function StartFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', paddingBlock: 32, background: token.colorBgLayout }}
    >
      <Flex justify="space-between" align="center" style={{ width: 'min(420px, 92vw)', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0, color: token.colorPrimary }}>
          {t('app.name')}
        </Typography.Title>
        <LanguageSwitch />
      </Flex>
      <Card style={{ width: 'min(420px, 92vw)' }}>{children}</Card>
      <Typography.Text type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
        {t('footer.copyright', {
          from: COPYRIGHT_START_YEAR,
          to: new Date().getFullYear(),
          name: t('app.name'),
        })}
      </Typography.Text>
    </Flex>
  );
}
