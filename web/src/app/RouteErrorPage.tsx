import { Button, Result } from 'antd';
import { useRevalidator, useRouteError } from 'react-router';
import { useT } from '../locales/index.ts';
import { RouteBuildError } from './guard.ts';

/** A console that could not be built ('Can't build routes') or a page that failed to load, with a retry. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const buildFailed = error instanceof RouteBuildError;
  if (!buildFailed) console.error(error);
  return (
    <Result
      status="error"
      title={buildFailed ? t('routes.buildFailed') : t('common.loadFailed')}
      extra={
        <Button
          type="primary"
          loading={revalidator.state === 'loading'}
          onClick={() => (buildFailed ? void revalidator.revalidate() : window.location.reload())}
        >
          {t('common.retry')}
        </Button>
      }
    />
  );
}
