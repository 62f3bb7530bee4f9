import { theme as antTheme, ConfigProvider, type ThemeConfig } from 'antd';
// The ES builds of antd's locales: `antd/locale/*` are CommonJS and drag antd's lib/ copies along.
import enUSAnt from 'antd/es/locale/en_US';
import zhCNAnt from 'antd/es/locale/zh_CN';
// antd's own reset: without it the browser's default body margin frames the whole console.
import 'antd/dist/reset.css';
import './accessibility.css';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../locales/index.ts';
import { bindMessageApi } from './notify.ts';
import { PublicApp } from './PublicApp.tsx';
import { router } from './router.tsx';
import { applyDocumentTheme, baseTokens, useResolvedTheme } from './theme.ts';
import { useAppApi } from './use-app.ts';

/** Binds antd's message API (inside the providers) for code that toasts outside React. */
function MessageBridge() {
  const { message } = useAppApi();
  useEffect(() => bindMessageApi(message), [message]);
  return null;
}

export function AppRoot() {
  const language = useLanguage((s) => s.language);
  // dayjs's locale follows the language in the console frame (ConsoleRoot): the public pages show
  // no date, and load neither dayjs nor its Chinese strings (issue 21 item 2).
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const { isDark, brandColor } = useResolvedTheme();
  useEffect(() => applyDocumentTheme(isDark), [isDark]);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: isDark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
      token: baseTokens(isDark, brandColor),
      // The dark seed is lightened (baseTokens): black reads on its filled buttons, white does not.
      components: isDark ? { Button: { primaryColor: '#000000' } } : undefined,
      cssVar: { key: 'dc' },
    }),
    [isDark, brandColor],
  );

  return (
    <ConfigProvider locale={language === 'zh-CN' ? zhCNAnt : enUSAnt} theme={themeConfig}>
      {/* antd's App without its modal machinery; the console adds antd's full App and
          react-query's provider (ConsoleRoot): the public pages need neither. */}
      <PublicApp>
        <MessageBridge />
        <RouterProvider router={router} />
      </PublicApp>
    </ConfigProvider>
  );
}
