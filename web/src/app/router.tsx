import { createBrowserRouter, redirect } from 'react-router';
import { FRAME_AREAS, loadAreas } from '../locales/areas.ts';
import { useLanguage } from '../locales/index.ts';
import { loginPageLoader, requireSession } from './guard.ts';
import { lazyPage } from './page-registry.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/**
 * Public routes are fixed; everything else is the console, whose routes are built from the
 * server's route tree once the guard has fetched it (see console-routes.tsx).
 */
export const router = createBrowserRouter([
  { path: '/', loader: () => redirect('/home') },
  { path: '/start', loader: () => redirect('/start/login') },
  { path: '/start/login', loader: loginPageLoader, lazy: lazyPage('start/login') },
  { path: '/start/register', lazy: lazyPage('start/register') },
  { path: '/register', lazy: lazyPage('start/register') },
  { path: '/status-info', lazy: lazyPage('status-info/index') },
  { path: '/3D-h5', lazy: lazyPage('looks/3D-h5') },
  { path: '/recruit/:slug', lazy: lazyPage('recruitment/recruit') },
  { path: '/loginRedirect/index', loader: () => redirect('/start/login') },
  {
    id: 'console',
    path: '*',
    loader: requireSession,
    // The console frame (menus, tabs, settings, react-query) is its own chunk: the login page never
    // loads it. Its strings beyond the core, and dayjs's for the dates, load beside it.
    lazy: async () => {
      const [frame] = await Promise.all([
        import('./ConsoleRoot.tsx'),
        loadAreas(FRAME_AREAS),
        import('./dayjs-locale.ts').then((dayjs) => dayjs.applyDayjsLocale(useLanguage.getState().language)),
      ]);
      return { Component: frame.ConsoleRoot };
    },
    errorElement: <RouteErrorPage />,
  },
]);
