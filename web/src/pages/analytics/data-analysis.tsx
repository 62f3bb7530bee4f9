import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Row, Typography } from 'antd';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { formatFen } from '../../components/money.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { FigureCard } from './FigureCard.tsx';
import { PeriodBar, usePeriod } from './PeriodBar.tsx';
import { periodQueryOf, periodSearch } from './period.ts';
import { analyticsKeys, fetchOverview } from './service.ts';
import { TrendCharts } from './TrendCharts.tsx';

const LIST = '/data';

/** 数据概览: fans, income and sales of the period against the previous one; cards open their lists. */
export default function DataAnalysisPage() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const [period, setPeriod] = usePeriod();
  const query = periodQueryOf(period);
  const overview = useQuery({
    queryKey: analyticsKeys.overview(query),
    queryFn: () => fetchOverview(query),
    placeholderData: (previous) => previous,
  });
  const data = overview.data;
  const search = periodSearch(period);
  const money = (value: number) => formatFen(value, language);
  const loading = overview.isPending;
  const cards = [
    {
      key: 'fans-total',
      title: t('analytics.card.fansTotal'),
      figure: data?.fans.total,
      to: `${LIST}/fans-analysis-list/all${search}`,
    },
    {
      key: 'fans-new',
      title: t('analytics.card.fansNew'),
      figure: data?.fans.new,
      to: `${LIST}/fans-analysis-list/new${search}`,
    },
    {
      key: 'fans-lost',
      title: t('analytics.card.fansLost'),
      figure: data?.fans.lost,
      inverse: true,
      to: `${LIST}/fans-analysis-list/lost${search}`,
    },
    {
      key: 'fans-active',
      title: t('analytics.card.fansActive'),
      figure: data?.fans.active,
      to: `${LIST}/fans-analysis-list/active${search}`,
    },
    {
      key: 'income',
      title: t('analytics.card.income'),
      figure: data?.income,
      format: money,
      to: `${LIST}/income-analysis-list/all/day${search}`,
    },
    {
      key: 'orders',
      title: t('analytics.card.orders'),
      figure: data?.sales.orders,
      to: `${LIST}/sales-analysis-list/boutique/day${search}`,
    },
    {
      key: 'sales-amount',
      title: t('analytics.card.salesAmount'),
      figure: data?.sales.amount,
      format: money,
      to: `${LIST}/sales-analysis-list/course/day${search}`,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('analytics.title.overview')}
      </Typography.Title>
      <PeriodBar period={period} onChange={setPeriod} computedAt={data?.computedAt} />
      {overview.isError && <LoadFailed title={t('analytics.loadFailed')} onRetry={overview.refetch} />}
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} sm={12} lg={card.key.startsWith('fans') ? 6 : 8}>
            <FigureCard
              title={card.title}
              figure={card.figure}
              format={card.format}
              to={card.to}
              testId={`card-${card.key}`}
              loading={loading}
              inverse={'inverse' in card && card.inverse === true}
            />
          </Col>
        ))}
      </Row>
      <TrendCharts overview={data} loading={loading} />
    </Flex>
  );
}
