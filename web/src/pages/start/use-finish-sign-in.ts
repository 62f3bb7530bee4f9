import type { LoginAnswer } from '@dc/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../app/guard.ts';
import { useAppApi } from '../../app/use-app.ts';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../stores/session.ts';

/**
 * The end of every way in (password, phone code, scan, registration): keep the session, say so,
 * and open the `redirect` target or /home.
 */
export function useFinishSignIn() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = useAppApi();

  return (answer: LoginAnswer, remember: boolean, greeting: string = t('login.success')) => {
    useSession.getState().signIn(answer.token, answer.newly_register, remember);
    void message.success(greeting);
    // A newcomer's menu holds only the designer information, where /home leads; any other
    // target would end on the 404 page.
    const target = answer.newly_register === 1 ? '/home' : safeRedirectTarget(params.get('redirect'));
    navigate(target, { replace: true });
  };
}
