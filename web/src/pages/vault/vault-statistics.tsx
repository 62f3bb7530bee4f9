import type { Granularity } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { BalanceCards } from './BalanceCards.tsx';
import { IncomeSourceChart } from './IncomeSourceChart.tsx';
import { IncomeTrendChart } from './IncomeTrendChart.tsx';
import { PendingSettlementsCard } from './PendingSettlementsCard.tsx';
import { lastDays, StatisticsToolbar } from './StatisticsToolbar.tsx';
import {
  fetchIncomeBySource,
  fetchIncomeTrend,
  fetchPendingSettlements,
  fetchTopItems,
  fetchVaultBalance,
  type StatisticsRange,
  vaultKeys,
} from './service.ts';
import { TopItemsCard } from './TopItemsCard.tsx';

const BALANCE_PERIOD_DAYS = 30;

/** 金库统计, the home page: balance, income trend, sources, top items, pending settlements. */
export default function VaultStatisticsPage() {
  const t = useT();
  const [range, setRange] = useState<StatisticsRange>(() => lastDays(30));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const balance = useQuery({
    queryKey: vaultKeys.balance(BALANCE_PERIOD_DAYS),
    queryFn: () => fetchVaultBalance(BALANCE_PERIOD_DAYS),
  });
  const trend = useQuery({
    queryKey: vaultKeys.trend(range, granularity),
    queryFn: () => fetchIncomeTrend(range, granularity),
    placeholderData: (previous) => previous,
  });
  const bySource = useQuery({
    queryKey: vaultKeys.bySource(range),
    queryFn: () => fetchIncomeBySource(range),
  });
  const topItems = useQuery({ queryKey: vaultKeys.topItems(range), queryFn: () => fetchTopItems(range) });
  const pending = useQuery({ queryKey: vaultKeys.pending, queryFn: fetchPendingSettlements });
  const failed = [balance, trend, bySource, topItems, pending].some((query) => query.isError);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.vaultStatistics')}
        </Typography.Title>
        {balance.data && (
          <Typography.Text type="secondary" data-testid="computed-at">
            {t('vault.computedAt', { time: balance.data.computedAt })}
          </Typography.Text>
        )}
      </Flex>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadFailed')}
          action={
            <Button
              onClick={() => {
                for (const query of [balance, trend, bySource, topItems, pending]) void query.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <BalanceCards balance={balance.data} loading={balance.isPending} />
      <StatisticsToolbar
        range={range}
        granularity={granularity}
        onRange={setRange}
        onGranularity={setGranularity}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <IncomeTrendChart trend={trend.data} loading={trend.isPending} />
        </Col>
        <Col xs={24} xl={8}>
          <IncomeSourceChart data={bySource.data} loading={bySource.isPending} />
        </Col>
        <Col xs={24} xl={12}>
          <TopItemsCard data={topItems.data} loading={topItems.isPending} />
        </Col>
        <Col xs={24} xl={12}>
          <PendingSettlementsCard data={pending.data} loading={pending.isPending} />
        </Col>
      </Row>
    </Flex>
  );
}
