import { Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { HOME_REDIRECT } from '../app/console-routes.tsx';
import { useT } from '../locales/index.ts';

/** The brand mark; clicking it goes to vault statistics (spec section 2). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Link to={HOME_REDIRECT} aria-label={t('app.name')}>
      <Flex align="center" gap={10} style={{ height: 56, paddingInline: compact ? 24 : 20 }}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!compact && (
          <Typography.Text strong style={{ fontSize: 16, color: token.colorText, whiteSpace: 'nowrap' }}>
            {t('app.name')}
          </Typography.Text>
        )}
      </Flex>
    </Link>
  );
}
