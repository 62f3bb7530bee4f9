import { Skeleton } from 'antd';

/** The height of the statistics page's charts; their skeleton and empty state take the same. */
export const CHART_HEIGHT = 320;

/** A chart's box while its data loads: exactly the chart's height, so nothing moves when it draws. */
export function ChartSkeleton() {
  return (
    <div style={{ height: CHART_HEIGHT, overflow: 'hidden' }} data-testid="chart-skeleton">
      <Skeleton active title={false} paragraph={{ rows: 8 }} />
    </div>
  );
}
