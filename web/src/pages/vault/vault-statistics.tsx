import type { Granularity } from '@dc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useSeen } from '../../components/use-seen.ts';
import { type MessageKey, useT } from '../../locales/index.ts';
import { BalanceCards } from './BalanceCards.tsx';
import { IncomeSourceChart } from './IncomeSourceChart.tsx';
import { IncomeTrendChart } from './IncomeTrendChart.tsx';
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

// The lists under the charts (antd's List brings its pagination and select, ~30 KB gzip) load
// once seen or a few seconds after the page, not with it: below the fold of a phone (issue 21).
const TopItemsCard = lazy(() => import('./TopItemsCard.tsx').then((m) => ({ default: m.TopItemsCard })));
const PendingSettlementsCard = lazy(() =>
  import('./PendingSettlementsCard.tsx').then((m) => ({ default: m.PendingSettlementsCard })),
);

/** A card's place, titled, while its part is not there yet. */
function Deferred({
  title,
  settled,
  children,
}: {
  title: MessageKey;
  settled: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box, settled);
  const waiting = <Card title={t(title)} loading />;
  return <div ref={box}>{seen ? <Suspense fallback={waiting}>{children}</Suspense> : waiting}</div>;
}

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
        settled={!balance.isPending}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <IncomeTrendChart trend={trend.data} loading={trend.isPending} />
        </Col>
        <Col xs={24} xl={8}>
          <IncomeSourceChart data={bySource.data} loading={bySource.isPending} />
        </Col>
        <Col xs={24} xl={12}>
          <Deferred title="vault.top.title" settled={!balance.isPending}>
            <TopItemsCard data={topItems.data} loading={topItems.isPending} />
          </Deferred>
        </Col>
        <Col xs={24} xl={12}>
          <Deferred title="vault.pendingList.title" settled={!balance.isPending}>
            <PendingSettlementsCard data={pending.data} loading={pending.isPending} />
          </Deferred>
        </Col>
      </Row>
    </Flex>
  );
}
