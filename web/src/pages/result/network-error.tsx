import { DisconnectOutlined, RedoOutlined } from '@ant-design/icons';
import { App, Button, Result, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';
import { request } from '../../request/index.ts';
import { BackHomeButton, ReloadButton } from './ResultActions.tsx';
import { returnPathAfterRetry } from './retry-target.ts';

/**
 * No answer from the server. When a request of this session got no answer, "send the request
 * again" repeats it and, once it goes through, returns to the screen that made it; otherwise
 * the page offers a reload.
 */
export default function NetworkErrorResult() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failed, setFailed] = useState(() => request.lastFailedRequest());
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    if (!failed) return;
    setRetrying(true);
    try {
      await failed.retry();
      void message.success(t('result.networkError.retried'));
      navigate(returnPathAfterRetry(failed.location), { replace: true });
    } catch {
      // Still no answer (the request layer has said so): keep offering the retry.
      setFailed(request.lastFailedRequest());
      setRetrying(false);
    }
  };

  return (
    <Result
      status="warning"
      icon={<DisconnectOutlined />}
      title={t('result.networkError.title')}
      subTitle={
        <>
          {t('result.networkError.subtitle')}
          {failed && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('result.networkError.failedRequest', { method: failed.method, url: failed.url })}
            </Typography.Paragraph>
          )}
        </>
      }
      extra={[
        failed ? (
          <Button
            key="retry"
            type="primary"
            icon={<RedoOutlined />}
            loading={retrying}
            onClick={() => void retry()}
          >
            {t('result.networkError.retry')}
          </Button>
        ) : (
          <ReloadButton key="reload" primary />
        ),
        <BackHomeButton key="home" />,
      ]}
    />
  );
}
