import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/index.ts';
import { StartFrame } from './StartFrame.tsx';

/** Registration by phone code arrives with the accounts issue; until then say so plainly. */
export default function RegisterPage() {
  const t = useT();
  return (
    <StartFrame>
      <Result
        status="info"
        title={t('comingSoon.title')}
        subTitle={t('comingSoon.subtitle')}
        extra={
          <Link to="/start/login">
            <Button type="primary">{t('login.submit')}</Button>
          </Link>
        }
      />
    </StartFrame>
  );
}
