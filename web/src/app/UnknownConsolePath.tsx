import { IdcardOutlined } from '@ant-design/icons';
import { CONSOLE_SECTIONS, type MenuRoute } from '@dc/contract';
import { Button, Result } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';
import { useT } from '../locales/index.ts';
import { useSession } from '../stores/session.ts';
import { homeTarget } from './console-routes.tsx';
import { useDocumentTitle } from './document-title.ts';

/** A path of the full console (`/my-vault`, `/smartClient/…`, `/detail/…`): its first segment is a section of the full menu. */
function isFullConsoleArea(pathname: string): boolean {
  const section = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return (CONSOLE_SECTIONS as readonly string[]).includes(section);
}

/** Says why a newly registered designer cannot open a page yet, and where to complete the profile. */
function CompleteInformationFirst({ target }: { target: string }) {
  const t = useT();
  useDocumentTitle(t('result.newcomer.title'));
  return (
    <Result
      status="info"
      icon={<IdcardOutlined />}
      title={t('result.newcomer.title')}
      subTitle={t('result.newcomer.subtitle')}
      extra={
        <Link to={target}>
          <Button type="primary">{t('result.newcomer.action')}</Button>
        </Link>
      }
    />
  );
}

/**
 * A console path the designer's menu does not have. A newly registered designer's menu is the
 * designer information alone (spec section 2): a page of the full console (a bookmark, a shared
 * link) gets the reason and the way to complete the profile, not a 404. Anything else is 404.
 */
export function UnknownConsolePath({ tree }: { tree: readonly MenuRoute[] }) {
  const newcomer = useSession((s) => s.newlyRegister === 1);
  const { pathname } = useLocation();
  if (newcomer && isFullConsoleArea(pathname)) {
    return <CompleteInformationFirst target={homeTarget(tree)} />;
  }
  return <Navigate to="/result/404" replace />;
}
