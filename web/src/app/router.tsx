import { createBrowserRouter, redirect } from 'react-router';
import { ConsoleLayout } from '../layout/ConsoleLayout.tsx';
import { HOME_REDIRECT, loginPageLoader, requireSession } from './guard.ts';
import { lazyPage } from './page-registry.ts';
import { RouteErrorPage } from './RouteErrorPage.tsx';

export const router = createBrowserRouter([
  { path: '/', loader: () => redirect('/home') },
  { path: '/start', loader: () => redirect('/start/login') },
  { path: '/start/login', loader: loginPageLoader, lazy: lazyPage('start/login') },
  { path: '/start/register', lazy: lazyPage('start/register') },
  { path: '/register', lazy: lazyPage('start/register') },
  { path: '/status-info', lazy: lazyPage('status-info/index') },
  { path: '/loginRedirect/index', loader: () => redirect('/start/login') },
  {
    id: 'console',
    loader: requireSession,
    Component: ConsoleLayout,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/home', loader: () => redirect(HOME_REDIRECT) },
      { path: '/my-vault', loader: () => redirect(HOME_REDIRECT) },
      { path: '/my-vault/vault-statistics', lazy: lazyPage('my-vault/vault-statistics') },
      { path: '/result/404', lazy: lazyPage('result/404') },
      { path: '*', loader: () => redirect('/result/404') },
    ],
  },
]);
