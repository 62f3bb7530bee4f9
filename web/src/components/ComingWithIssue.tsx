import { Result } from 'antd';
import { useT } from '../locales/index.ts';

/** A route whose screen is built by a later issue: it exists, shows no invented data, and says when it comes. */
export function ComingWithIssue({ issue }: { issue: number }) {
  const t = useT();
  return <Result status="info" title={t('comingSoon.title')} subTitle={t('comingSoon.issue', { issue })} />;
}
