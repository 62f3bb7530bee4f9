import { Result } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton } from './ResultActions.tsx';

export default function SuccessResult() {
  const t = useT();
  return (
    <Result
      status="success"
      title={t('result.success.title')}
      subTitle={t('result.success.subtitle')}
      extra={<BackHomeButton primary />}
    />
  );
}
