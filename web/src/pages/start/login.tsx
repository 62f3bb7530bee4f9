import { theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { useT } from '../../locales/index.ts';
import { PasswordLoginForm } from './PasswordLoginForm.tsx';
import { StartFrame } from './StartFrame.tsx';
import { WaysTabs } from './WaysTabs.tsx';

// Only the password form is there at first paint. The other ways in load when first opened: the
// phone form and the reset form (with their zod rules), the QR code and the registration-by-scan
// forms.
const PhoneLoginForm = lazy(() =>
  import('./PhoneLoginForm.tsx').then((module) => ({ default: module.PhoneLoginForm })),
);
const ResetPasswordForm = lazy(() =>
  import('./ResetPasswordForm.tsx').then((module) => ({ default: module.ResetPasswordForm })),
);
const ScanLogin = lazy(() => import('./ScanLogin.tsx').then((module) => ({ default: module.ScanLogin })));

// Holds the panel's place while its form loads (a moment: it is a few KB).
const loading = <div aria-busy="true" style={{ minHeight: 240 }} />;

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
  useDocumentTitle(t('login.submit'));
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const [resetting, setResetting] = useState(false);
  // After a reset the password form opens with the phone in the account field.
  const [knownAccount, setKnownAccount] = useState<string | undefined>(undefined);
  const requested = params.get('way');
  const way: Way = isWay(requested) ? requested : 'password';

  const chooseWay = (next: Way) => {
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
        <Suspense fallback={loading}>
          <ResetPasswordForm
            onBack={() => setResetting(false)}
            onDone={(phone) => {
              setKnownAccount(phone);
              setResetting(false);
              chooseWay('password');
            }}
          />
        </Suspense>
      </StartFrame>
    );
  }

  return (
    <StartFrame>
      {/* Plain elements in antd's heading and secondary-text styles: antd's Typography brings
          its ellipsis, copy and edit machinery (a text area) to the first paint. */}
      <h3
        style={{
          margin: `0 0 ${token.marginXS}px`,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {t('login.title')}
      </h3>
      <p style={{ margin: `0 0 ${token.marginMD}px`, color: token.colorTextSecondary }}>
        {t('login.subtitle')}
      </p>
      <WaysTabs<Way>
        activeKey={way}
        onChange={chooseWay}
        items={[
          {
            key: 'password',
            label: t('accounts.way.password'),
            children: (
              <PasswordLoginForm initialAccount={knownAccount} onForgotPassword={() => setResetting(true)} />
            ),
          },
          {
            key: 'phone',
            label: t('accounts.way.phone'),
            children: (
              <Suspense fallback={loading}>
                <PhoneLoginForm />
              </Suspense>
            ),
          },
          {
            key: 'scan',
            label: t('accounts.way.scan'),
            children: (
              <Suspense fallback={loading}>
                <ScanLogin />
              </Suspense>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'center', gap: 4, marginTop: 16 }}>
        <span style={{ color: token.colorTextSecondary }}>{t('login.noAccount')}</span>
        <Link to="/start/register" style={{ color: token.colorLink, textDecoration: 'none' }}>
          {t('login.register')}
        </Link>
      </div>
    </StartFrame>
  );
}
