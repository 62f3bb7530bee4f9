import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/index.ts';

/** Goes to /home, which lands on the home tab. */
export function BackHomeButton({ primary = false }: { primary?: boolean }) {
  const t = useT();
  return (
    <Link to="/home">
      <Button type={primary ? 'primary' : 'default'} icon={<HomeOutlined />}>
        {t('common.backHome')}
      </Button>
    </Link>
  );
}

/** Loads the whole app again: what fixes a stale bundle or a recovered server. */
export function ReloadButton({ primary = false }: { primary?: boolean }) {
  const t = useT();
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={<ReloadOutlined />}
      onClick={() => window.location.reload()}
    >
      {t('result.reload')}
    </Button>
  );
}
