import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import enUSAnt from 'antd/locale/en_US';
import zhCNAnt from 'antd/locale/zh_CN';
// antd's own reset: without it the browser's default body margin frames the whole console.
import 'antd/dist/reset.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../locales/index.ts';
import { bindMessageApi } from './notify.ts';
import { router } from './router.tsx';
import { applyDocumentTheme, useResolvedTheme } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Binds antd's message API (inside the providers) for code that toasts outside React. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => bindMessageApi(message), [message]);
  return null;
}

export function AppRoot() {
  const language = useLanguage((s) => s.language);
  useEffect(() => {
    dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
    document.documentElement.lang = language;
  }, [language]);

  const { isDark, brandColor } = useResolvedTheme();
  useEffect(() => applyDocumentTheme(isDark), [isDark]);

  return (
    <ConfigProvider
      locale={language === 'zh-CN' ? zhCNAnt : enUSAnt}
      theme={{
        algorithm: isDark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        // Links and info follow the brand too, not antd's default blue.
        token: { colorPrimary: brandColor, colorLink: brandColor, colorInfo: brandColor },
        cssVar: { key: 'dc' },
      }}
    >
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
