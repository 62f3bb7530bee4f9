import { type DesignerCourseRankMetric, designerCourseRankMetricValues } from '@dc/contract';
import { useT } from '../../locales/index.ts';
import { RankingView } from './RankingTable.tsx';
import { stars, yuan } from './rank-format.ts';

/** 设计师课程排行: the designer's courses by sales, revenue, learners or rating. */
export default function DesignerCourseRankPage() {
  const t = useT();
  return (
    <RankingView<DesignerCourseRankMetric>
      kind="designer-courses"
      title={t('analytics.title.designerCourseRank')}
      metrics={designerCourseRankMetricValues}
      metricLabel={(metric) => t(`analytics.rank.course.${metric}`)}
      formatValue={(metric, value) =>
        metric === 'revenue' ? yuan(value) : metric === 'rating' ? stars(value) : value.toLocaleString()
      }
    />
  );
}
