import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUSAnt from 'antd/locale/en_US';
import zhCNAnt from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_BRAND_COLOR } from '@dc/contract';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useLanguage } from '../locales/index.ts';
import { bindMessageApi } from './notify.ts';
import { router } from './router.tsx';

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

  return (
    <ConfigProvider
      locale={language === 'zh-CN' ? zhCNAnt : enUSAnt}
      theme={{ token: { colorPrimary: DEFAULT_BRAND_COLOR }, cssVar: { key: 'dc' } }}
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
