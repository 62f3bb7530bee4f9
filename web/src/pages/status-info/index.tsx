import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/index.ts';
import { StartFrame } from '../start/StartFrame.tsx';

/** Where a pending-review or frozen account (20012) lands. */
export default function StatusInfoPage() {
  const t = useT();
  return (
    <StartFrame>
      <Result
        status="warning"
        title={t('status.title')}
        subTitle={t('status.subtitle')}
        extra={
          <Link to="/start/login">
            <Button type="primary">{t('login.submit')}</Button>
          </Link>
        }
      />
    </StartFrame>
  );
}
