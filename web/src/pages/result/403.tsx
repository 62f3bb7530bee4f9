import { Result } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton } from './ResultActions.tsx';

export default function ForbiddenResult() {
  const t = useT();
  return (
    <Result
      status="403"
      title={t('result.403.title')}
      subTitle={t('result.403.subtitle')}
      extra={<BackHomeButton primary />}
    />
  );
}
