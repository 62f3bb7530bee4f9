import { ClockCircleOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../api/session.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { endLocalSession } from '../../app/guard.ts';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../stores/session.ts';
import { StartFrame } from '../start/StartFrame.tsx';

function Reason({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Flex gap={12} align="flex-start">
      <span style={{ fontSize: 18, lineHeight: '22px' }}>{icon}</span>
      <div>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {text}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}

/**
 * Where a pending-review or frozen account lands (20012, spec section 8). The server does not
 * say which of the two it is, so both are explained. Logging out ends whatever is left of the
 * session and opens the login page.
 */
export default function StatusInfoPage() {
  const t = useT();
  useDocumentTitle(t('status.title'));
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    setLeaving(true);
    // 20012 has cleared the token already; one opened here by hand still ends on the server.
    if (useSession.getState().token) await logout().catch(() => undefined);
    endLocalSession();
    navigate('/start/login', { replace: true });
  };

  return (
    <StartFrame>
      <Flex vertical align="center" gap={16}>
        <Result
          status="warning"
          title={t('status.title')}
          subTitle={t('accounts.status.lead')}
          style={{ padding: '16px 0 0' }}
        />
        <Flex
          vertical
          gap={16}
          style={{
            width: '100%',
            padding: 16,
            background: token.colorFillAlter,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <Reason
            icon={<ClockCircleOutlined style={{ color: token.colorWarning }} />}
            title={t('accounts.status.pendingTitle')}
            text={t('accounts.status.pendingText')}
          />
          <Reason
            icon={<LockOutlined style={{ color: token.colorError }} />}
            title={t('accounts.status.frozenTitle')}
            text={t('accounts.status.frozenText')}
          />
        </Flex>
        <Button type="primary" icon={<LogoutOutlined />} loading={leaving} onClick={() => void signOut()}>
          {t('accounts.status.logout')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
          {t('accounts.status.logoutHint')}
        </Typography.Text>
      </Flex>
    </StartFrame>
  );
}
