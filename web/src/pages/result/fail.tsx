import { Result } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton, ReloadButton } from './ResultActions.tsx';

export default function FailResult() {
  const t = useT();
  return (
    <Result
      status="error"
      title={t('result.fail.title')}
      subTitle={t('result.fail.subtitle')}
      extra={[<BackHomeButton key="home" primary />, <ReloadButton key="reload" />]}
    />
  );
}
