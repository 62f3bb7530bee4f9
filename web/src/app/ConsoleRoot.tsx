import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, useMemo } from 'react';
import { ConsoleLayout } from '../layout/ConsoleLayout.tsx';
import { useLanguage } from '../locales/index.ts';
import { applyDayjsLocale } from './dayjs-locale.ts';
import { queryClient } from './query-client.ts';
import { useResolvedTheme } from './theme.ts';
import { themeConfigOf } from './theme-tokens.ts';

/**
 * The console frame with its server-state cache and antd's App (message, notification, modal). The public pages (login, registration, status)
 * read nothing through react-query, so it loads with the console chunk, not with them.
 */
export function ConsoleRoot() {
  const { isDark, brandColor } = useResolvedTheme();
  // The router loaded dayjs's strings for the language before the frame rendered; a switch of
  // language switches them (the public pages show no date, see AppRoot).
  const language = useLanguage((s) => s.language);
  useEffect(() => void applyDayjsLocale(language), [language]);
  // The contrast-adjusted theme (issue 17 point 4), once per theme: it computes antd's tokens
  // to pick the text colour of filled buttons. Its own CSS-variable scope, inside the root's.
  const theme = useMemo<ThemeConfig>(
    () => ({ ...themeConfigOf(isDark, brandColor), cssVar: { key: 'dc-console' } }),
    [isDark, brandColor],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        {/* antd's full App (with its modal hook) for the console's pages. */}
        <AntApp>
          <ConsoleLayout />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
