import { ChromeOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton, ReloadButton } from './ResultActions.tsx';

export default function BrowserIncompatibleResult() {
  const t = useT();
  return (
    <Result
      status="warning"
      icon={<ChromeOutlined />}
      title={t('result.browserIncompatible.title')}
      subTitle={t('result.browserIncompatible.subtitle')}
      extra={[<ReloadButton key="reload" primary />, <BackHomeButton key="home" />]}
    />
  );
}
