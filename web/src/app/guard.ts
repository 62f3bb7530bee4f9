import { type LoaderFunctionArgs, redirect } from 'react-router';
import { t } from '../locales/index.ts';
import { fetchDesignerInfo } from '../pages/user/service.ts';
import { useSession } from '../stores/session.ts';
import { notify } from './notify.ts';

export const LOGIN_PATH = '/start/login';
export const HOME_REDIRECT = '/my-vault/vault-statistics';

/** Paths a visitor without a token may open (spec section 4). */
export const PUBLIC_PATHS = ['/start', '/start/login', '/start/register', '/register', '/status-info'];

function loginRedirectFor(url: URL): string {
  const target = url.pathname + url.search;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirectTarget(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/home';
}

/**
 * Loader of the guarded layout (spec section 4): without a token go to login with the target
 * as `redirect`; with one, fetch the user info once per session; a failure clears the token,
 * shows a message and goes to login.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = useSession.getState();
  if (!session.token) throw redirect(loginRedirectFor(url));
  if (session.userInfo) return null;
  try {
    session.setDesigner(await fetchDesignerInfo());
  } catch {
    if (useSession.getState().token) notify.error(t('session.userInfoFailed'));
    useSession.getState().clear();
    throw redirect(LOGIN_PATH);
  }
  return null;
}

/** With a token, /start/login goes to /home; without one, arriving there ends any leftover session state. */
export function loginPageLoader() {
  if (useSession.getState().token) throw redirect('/home');
  useSession.getState().clear();
  return null;
}
