import { Alert, Button, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { ScanExistingAccountForm } from './ScanExistingAccountForm.tsx';
import { ScanNewAccountForm } from './ScanNewAccountForm.tsx';

type Choice = 'new' | 'existing';

/**
 * A phone no account knows has confirmed the scan (the poll answered `resigner_id`): give it a
 * new account, or link it to an existing one. Either way the PC is then logged in.
 */
export function ScanRegisterStep({ resignerId, onRestart }: { resignerId: string; onRestart(): void }) {
  const t = useT();
  const [choice, setChoice] = useState<Choice>('existing');
  return (
    <Flex vertical gap={16} data-testid="scan-register-step">
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('accounts.scanBind.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('accounts.scanBind.subtitle')}</Typography.Text>
      </div>
      <Alert
        type="info"
        showIcon
        title={t('accounts.scanBind.timeLimit')}
        action={
          <Button size="small" type="link" onClick={onRestart}>
            {t('accounts.scanBind.restart')}
          </Button>
        }
      />
      <Segmented<Choice>
        block
        value={choice}
        onChange={setChoice}
        options={[
          { value: 'existing', label: t('accounts.scanBind.existing') },
          { value: 'new', label: t('accounts.scanBind.new') },
        ]}
      />
      {choice === 'existing' ? (
        <ScanExistingAccountForm resignerId={resignerId} onScanOver={onRestart} />
      ) : (
        <ScanNewAccountForm resignerId={resignerId} onScanOver={onRestart} />
      )}
    </Flex>
  );
}
