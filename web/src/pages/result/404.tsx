import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/index.ts';

export default function NotFoundResult() {
  const t = useT();
  return (
    <Result
      status="404"
      title={t('result.404.title')}
      subTitle={t('result.404.subtitle')}
      extra={
        <Link to="/home">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
