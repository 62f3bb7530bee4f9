import { Result } from 'antd';
import { useT } from '../locales/index.ts';

/** Shown where the server's menu names a page this build does not have (spec section 2). */
export function FallbackPage() {
  const t = useT();
  return <Result status="warning" title={t('fallback.title')} subTitle={t('fallback.subtitle')} />;
}
