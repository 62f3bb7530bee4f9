import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useT } from '../locales/index.ts';

/** A route that failed to load (a lost chunk, a loader bug) says so and offers a retry. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
