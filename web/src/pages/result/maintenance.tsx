import { ToolOutlined } from '@ant-design/icons';
import { Result, theme } from 'antd';
import { useT } from '../../locales/index.ts';
import { BackHomeButton, ReloadButton } from './ResultActions.tsx';

export default function MaintenanceResult() {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Result
      status="info"
      icon={<ToolOutlined style={{ color: token.colorPrimary }} />}
      title={t('result.maintenance.title')}
      subTitle={t('result.maintenance.subtitle')}
      extra={[<ReloadButton key="reload" primary />, <BackHomeButton key="home" />]}
    />
  );
}
