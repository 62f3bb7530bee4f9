import { type LoaderFunctionArgs, redirect } from 'react-router';
import { fetchDesignerInfo } from '../api/designer-info.ts';
import { t } from '../locales/index.ts';
import { isApiRequestError, isRequestCancelled } from '../request/index.ts';
import { useMenu } from '../stores/menu.ts';
import { useSession } from '../stores/session.ts';
import { fetchMenu } from './menu-service.ts';
import { notify } from './notify.ts';

export const LOGIN_PATH = '/start/login';

/** Paths a visitor without a token may open (spec section 4). */
export const PUBLIC_PATHS = ['/start', '/start/login', '/start/register', '/register', '/status-info'];

/** Thrown by the guard when the menu cannot be fetched; the route error page offers a retry. */
export class RouteBuildError extends Error {}

function loginRedirectFor(url: URL): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Only same-site paths are followed after login, never another origin. */
export function safeRedirectTarget(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/home';
}

/** Ends the session in this tab: token, user, and the routes built for that user. */
export function endLocalSession(): void {
  useSession.getState().clear();
  useMenu.getState().clear();
}

/**
 * Loader of the console (spec section 4): without a token go to login with the target as
 * `redirect`; with one, fetch the user info and build the user's routes once per session. A
 * failed user-info fetch clears the token, shows a message and goes to login.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!useSession.getState().token) throw redirect(loginRedirectFor(url));

  if (!useSession.getState().userInfo) {
    try {
      useSession.getState().setDesigner(await fetchDesignerInfo());
    } catch (error) {
      // Session codes (20003-20012) have already toasted and redirected in the request layer.
      const handled = isApiRequestError(error) && error.handled;
      if (!handled && !isRequestCancelled(error)) notify.error(t('session.userInfoFailed'));
      endLocalSession();
      throw redirect(LOGIN_PATH);
    }
  }

  const { designerId } = useSession.getState();
  const menu = useMenu.getState();
  if (!menu.tree || menu.designerId !== designerId) {
    try {
      const answer = await fetchMenu();
      useMenu.getState().setTree(designerId!, answer.list);
    } catch (error) {
      if (!useSession.getState().token) throw redirect(loginRedirectFor(url));
      throw new RouteBuildError(error instanceof Error ? error.message : String(error));
    }
  }
  return null;
}

/** With a token, /start/login goes to /home; without one, arriving there ends any leftover session state. */
export function loginPageLoader() {
  if (useSession.getState().token) throw redirect('/home');
  endLocalSession();
  return null;
}
