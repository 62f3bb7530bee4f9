import { type UserCourseRankMetric, userCourseRankMetricValues } from '@dc/contract';
import { useT } from '../../locales/index.ts';
import { RankingView } from './RankingTable.tsx';
import { yuan } from './rank-format.ts';

/** 用户课程排行: the learners of the designer's courses by courses bought, spent, lessons completed. */
export default function UserCourseRankPage() {
  const t = useT();
  return (
    <RankingView<UserCourseRankMetric>
      kind="user-courses"
      title={t('analytics.title.userCourseRank')}
      hint={t('analytics.rank.user.hint')}
      metrics={userCourseRankMetricValues}
      metricLabel={(metric) => t(`analytics.rank.user.${metric}`)}
      formatValue={(metric, value) => (metric === 'spent' ? yuan(value) : value.toLocaleString())}
    />
  );
}
