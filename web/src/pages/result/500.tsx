import { Result } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton, ReloadButton } from './ResultActions.tsx';

export default function ServerErrorResult() {
  const t = useT();
  return (
    <Result
      status="500"
      title={t('result.500.title')}
      subTitle={t('result.500.subtitle')}
      extra={[<ReloadButton key="reload" primary />, <BackHomeButton key="home" />]}
    />
  );
}
