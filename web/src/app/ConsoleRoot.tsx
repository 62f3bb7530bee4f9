import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { ConsoleLayout } from '../layout/ConsoleLayout.tsx';
import { queryClient } from './query-client.ts';

/**
 * The console frame with its server-state cache and antd's App (message, notification, modal). The public pages (login, registration, status)
 * read nothing through react-query, so it loads with the console chunk, not with them.
 */
export function ConsoleRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* antd's full App (with its modal hook) for the console's pages. */}
      <AntApp>
        <ConsoleLayout />
      </AntApp>
    </QueryClientProvider>
  );
}
