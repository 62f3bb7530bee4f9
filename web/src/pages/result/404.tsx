import { Result } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton } from './ResultActions.tsx';

/** Where every unknown path lands (spec section 2). */
export default function NotFoundResult() {
  const t = useT();
  return (
    <Result
      status="404"
      title={t('result.404.title')}
      subTitle={t('result.404.subtitle')}
      extra={<BackHomeButton primary />}
    />
  );
}
