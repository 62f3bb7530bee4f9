import { Alert, Button } from 'antd';
import { useT } from '../locales/index.ts';

export interface LoadFailedProps {
  /** Asks again (a query's `refetch`). */
  onRetry(): unknown;
  /** What failed to load; "加载失败" unless told. */
  title?: string;
}

/** In place of what could not be loaded: says so, with a button to ask again. */
export function LoadFailed({ onRetry, title }: LoadFailedProps) {
  const t = useT();
  return (
    <Alert
      type="error"
      showIcon
      title={title ?? t('common.loadFailed')}
      action={<Button onClick={() => void onRetry()}>{t('common.retry')}</Button>}
    />
  );
}
