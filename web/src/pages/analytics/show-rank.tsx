import { type ShowRankMetric, showRankMetricValues } from '@dc/contract';
import { useT } from '../../locales/index.ts';
import { RankingView } from './RankingTable.tsx';
import { basisPoints } from './rank-format.ts';

/** 秀场排行: short videos by views, likes, comments or completion rate, with rank movement. */
export default function ShowRankPage() {
  const t = useT();
  return (
    <RankingView<ShowRankMetric>
      kind="shows"
      title={t('analytics.title.showRank')}
      metrics={showRankMetricValues}
      metricLabel={(metric) => t(`analytics.rank.show.${metric}`)}
      formatValue={(metric, value) => (metric === 'completion' ? basisPoints(value) : value.toLocaleString())}
    />
  );
}
