import { useMemo } from 'react';
import { useRoutes } from 'react-router';
import { buildConsoleRoutes } from '../app/console-routes.tsx';
import { useLanguage } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';

/** The current console page, from the routes built out of the server's tree. */
export function ConsoleContent() {
  const tree = useMenu((s) => s.tree);
  const language = useLanguage((s) => s.language);
  const routes = useMemo(() => buildConsoleRoutes(tree ?? [], language), [tree, language]);
  return useRoutes(routes);
}
