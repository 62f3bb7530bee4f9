import { IdcardOutlined } from '@ant-design/icons';
import type { MenuRoute } from '@dc/contract';
import { Button, Result } from 'antd';
import { Link, Navigate, useLocation } from 'react-router';
import { useT } from '../locales/index.ts';
import { useSession } from '../stores/session.ts';
import { homeTarget, STATIC_CONSOLE_PAGES } from './console-routes.tsx';
import { useDocumentTitle } from './document-title.ts';
import { pageLoaders } from './page-registry.ts';

const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? '';

let fullConsoleAreas: ReadonlySet<string> | undefined;

/**
 * The areas of the full console (`/my-vault`, `/smartClient`, `/detail`…): the directories of its
 * pages, less those of the public pages and of the pages every signed-in designer has. Worked out
 * on first use: console-routes.tsx, which this module's constants come from, imports this module.
 */
function isFullConsoleArea(pathname: string): boolean {
  if (!fullConsoleAreas) {
    const everyone = new Set([
      'start',
      'h5',
      'status-info',
      ...STATIC_CONSOLE_PAGES.map((p) => firstSegment(p.page)),
    ]);
    fullConsoleAreas = new Set(
      [...pageLoaders.keys()].map(firstSegment).filter((area) => !everyone.has(area)),
    );
  }
  return fullConsoleAreas.has(firstSegment(pathname));
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
