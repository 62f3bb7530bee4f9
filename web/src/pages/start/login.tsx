import { Flex, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { PasswordLoginForm } from './PasswordLoginForm.tsx';
import { PhoneLoginForm } from './PhoneLoginForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { StartFrame } from './StartFrame.tsx';

// The QR code and the registration-by-scan forms load when the scan tab is first opened.
const ScanLogin = lazy(() => import('./ScanLogin.tsx').then((module) => ({ default: module.ScanLogin })));

const WAYS = ['password', 'phone', 'scan'] as const;
type Way = (typeof WAYS)[number];
const isWay = (value: string | null): value is Way => WAYS.includes(value as Way);

/**
 * `/start/login`: three ways in as tabs (the chosen one is kept in `?way=`, so a reload or a
 * shared link opens it), the forgotten-password form in place of the tabs, a link to register.
 * Only the open tab is mounted: the scan tab asks for a QR code and polls only while shown.
 */
export default function LoginPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [resetting, setResetting] = useState(false);
  // After a reset the password form opens with the phone in the account field.
  const [knownAccount, setKnownAccount] = useState<string | undefined>(undefined);
  const requested = params.get('way');
  const way: Way = isWay(requested) ? requested : 'password';

  const chooseWay = (next: string) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'password') copy.delete('way');
        else copy.set('way', next);
        return copy;
      },
      { replace: true },
    );
  };

  if (resetting) {
    return (
      <StartFrame>
        <ResetPasswordForm
          onBack={() => setResetting(false)}
          onDone={(phone) => {
            setKnownAccount(phone);
            setResetting(false);
            chooseWay('password');
          }}
        />
      </StartFrame>
    );
  }

  return (
    <StartFrame>
      <Typography.Title level={3}>{t('login.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
      <Tabs
        activeKey={way}
        onChange={chooseWay}
        destroyOnHidden
        items={[
          {
            key: 'password',
            label: t('accounts.way.password'),
            children: (
              <PasswordLoginForm initialAccount={knownAccount} onForgotPassword={() => setResetting(true)} />
            ),
          },
          { key: 'phone', label: t('accounts.way.phone'), children: <PhoneLoginForm /> },
          {
            key: 'scan',
            label: t('accounts.way.scan'),
            children: (
              <Suspense fallback={<Spin style={{ display: 'block', paddingBlock: 96 }} />}>
                <ScanLogin />
              </Suspense>
            ),
          },
        ]}
      />
      <Flex justify="center" gap={4} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{t('login.noAccount')}</Typography.Text>
        <Link to="/start/register">{t('login.register')}</Link>
      </Flex>
    </StartFrame>
  );
}
