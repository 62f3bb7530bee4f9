import { Empty, Table, type TableProps } from 'antd';
import { useT } from '../../locales/index.ts';
import type { useTableState } from './table-state.ts';
import type { AnalysisPage } from './use-analysis-list.ts';

export interface AnalysisTableProps<Row>
  extends Omit<TableProps<Row>, 'dataSource' | 'loading' | 'locale' | 'onChange' | 'pagination'> {
  /** The rows' query and table state, from `useAnalysisList`. */
  source: {
    list: { data?: AnalysisPage<Row>; isFetching: boolean };
    table: Pick<ReturnType<typeof useTableState<string>>, 'state' | 'onTableChange'>;
  };
}

/** An analysis list's table: paged and sorted on the server, with the list's total. */
export function AnalysisTable<Row extends object>({ source, ...props }: AnalysisTableProps<Row>) {
  const t = useT();
  const { list, table } = source;
  return (
    <Table<Row>
      {...props}
      dataSource={list.data?.dataList}
      loading={list.isFetching}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.empty')} />,
      }}
      onChange={(pagination, _filters, sorter) => table.onTableChange(pagination, sorter)}
      pagination={{
        current: table.state.page,
        pageSize: table.state.pageSize,
        total: list.data?.totalNumber ?? 0,
        showSizeChanger: true,
        showTotal: (count) => t('analytics.total', { count }),
      }}
    />
  );
}
