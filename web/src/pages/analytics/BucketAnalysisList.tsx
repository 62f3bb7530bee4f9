import type { DateType } from '@dc/contract';
import type { TableColumnsType, TableProps } from 'antd';
import { useNavigate } from 'react-router';
import { ONE_LINE } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { AnalysisTable } from './AnalysisTable.tsx';
import { BucketToolbar, bucketLabel } from './BucketToolbar.tsx';
import { ListFrame } from './ListFrame.tsx';
import { periodSearch } from './period.ts';
import type { useAnalysisList } from './use-analysis-list.ts';

/** How a bucket list sorts. */
export type BucketSort = 'bucket' | 'amount' | 'count';
interface BucketRow {
  bucket: string;
  bucketEnd: string;
}

export interface BucketAnalysisListProps<T extends string, Row extends BucketRow> {
  /** The list's address: `/data/<list>-analysis-list/{type}/{dateType}`. */
  list: 'income' | 'sales';
  title: string;
  types: readonly T[];
  type: T;
  typeLabel(type: T): string;
  dateType: DateType;
  /** The rows, from `useAnalysisList` sorted by bucket first. */
  source: ReturnType<
    typeof useAnalysisList<BucketSort, object, { dataList: Row[]; totalNumber: number; computedAt: string }>
  >;
  /** The columns after the bucket's. */
  columns: TableColumnsType<Row>;
  summary?: TableProps<Row>['summary'];
  testId: string;
}

/**
 * A list of buckets (day, week, month or year) of the period: the item type and the grouping
 * in the address, the bucket column first, sortable; the rest of the columns are the list's own.
 */
export function BucketAnalysisList<T extends string, Row extends BucketRow>({
  list,
  title,
  types,
  type,
  typeLabel,
  dateType,
  source,
  columns,
  summary,
  testId,
}: BucketAnalysisListProps<T, Row>) {
  const t = useT();
  const navigate = useNavigate();
  const { period, table } = source;
  const bucketColumn: TableColumnsType<Row>[number] = {
    key: 'bucket',
    title: t('analytics.bucket'),
    sorter: true,
    sortOrder: table.sortOrderOf('bucket'),
    render: (_, row) => bucketLabel(row),
    // A day or a week's span stays on one line; on a phone the table scrolls instead.
    ...ONE_LINE,
  };
  return (
    <ListFrame
      title={title}
      {...source.frame}
      onPeriod={source.onPeriod}
      toolbar={
        <BucketToolbar<T>
          types={types}
          type={type}
          typeLabel={typeLabel}
          dateType={dateType}
          onChange={(nextType, nextDate) => {
            table.reset();
            navigate(`/data/${list}-analysis-list/${nextType}/${nextDate}${periodSearch(period)}`, {
              replace: true,
            });
          }}
        />
      }
    >
      <AnalysisTable<Row>
        source={source}
        rowKey="bucket"
        columns={[bucketColumn, ...columns]}
        summary={summary}
        data-testid={testId}
      />
    </ListFrame>
  );
}
