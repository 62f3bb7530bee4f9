import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { BalanceCards } from './BalanceCards.tsx';
import { fetchVaultBalance } from './service.ts';

/** 金库统计, the home page: the designer's balance from the ledger. */
export default function VaultStatisticsPage() {
  const t = useT();
  const balance = useQuery({ queryKey: ['vault', 'balance'], queryFn: fetchVaultBalance });
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.vaultStatistics')}
        </Typography.Title>
        {balance.data && (
          <Typography.Text type="secondary">
            {t('vault.computedAt', { time: balance.data.computedAt })}
          </Typography.Text>
        )}
      </Flex>
      {balance.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed')}
          action={<Button onClick={() => void balance.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <BalanceCards balance={balance.data} loading={balance.isPending} />
      )}
    </Flex>
  );
}
