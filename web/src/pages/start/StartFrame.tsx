import { TranslationOutlined } from '@ant-design/icons';
import { COPYRIGHT_START_YEAR } from '@dc/contract';
import { Button, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useT } from '../../locales/index.ts';

// The language menu (antd's dropdown and menu, ~20 KB gzip) loads when the pointer or the focus
// reaches its button, not with the page (issue 21 item 2: a phone opening the login page does not
// download it); until then the button is there, looking the same.
const LanguageSwitch = lazy(() =>
  import('../../layout/LanguageSwitch.tsx').then((module) => ({ default: module.LanguageSwitch })),
);

type Intent = 'pointer' | 'focus';

function LanguageButton({ onIntent }: { onIntent?: (intent: Intent) => void }) {
  const t = useT();
  const pointer = onIntent && (() => onIntent('pointer'));
  return (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      aria-label={t('header.language')}
      onPointerEnter={pointer}
      onPointerDown={pointer}
      onClick={pointer}
      onFocus={onIntent && (() => onIntent('focus'))}
    />
  );
}

/** The language button, swapped for the real menu (opened, focused if it was) once wanted. */
function LanguageMenu() {
  const [intent, setIntent] = useState<Intent | null>(null);
  if (!intent) return <LanguageButton onIntent={setIntent} />;
  return (
    <Suspense fallback={<LanguageButton />}>
      <LanguageSwitch openAtMount focusAtMount={intent === 'focus'} />
    </Suspense>
  );
}

/** The frame of the public pages (login, registration, status): brand, card, footer. */
export function StartFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  return (
    // Plain flex boxes (antd's Flex is a component and a style for what one CSS line does).
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '100vh',
        paddingBlock: 32,
        boxSizing: 'border-box',
        background: token.colorBgLayout,
      }}
    >
      {/* Landmarks and the page's one h1 (issue 17 point 4): the brand heads every public page. */}
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          width: 'min(420px, 92vw)',
          marginBottom: 16,
        }}
      >
        <h1
          style={{
            margin: 0,
            color: token.colorPrimary,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t('app.name')}
        </h1>
        <LanguageMenu />
      </header>
      {/* A card as antd's Card draws one; antd's own brings its tabs and skeleton along. */}
      <main
        style={{
          width: 'min(420px, 92vw)',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxSizing: 'border-box',
          color: token.colorText,
        }}
      >
        {children}
      </main>
      <footer style={{ marginTop: 24, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
        {t('footer.copyright', {
          from: COPYRIGHT_START_YEAR,
          to: new Date().getFullYear(),
          name: t('app.name'),
        })}
      </footer>
    </div>
  );
}
