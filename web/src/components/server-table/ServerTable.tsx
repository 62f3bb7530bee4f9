import type { ListPage } from '@dc/contract';
import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';

/** A list query paged and sorted on the server, as a page holds it. */
export interface ServerQuery<S extends string> {
  page: number;
  pageSize: number;
  sortBy: S;
  order: 'asc' | 'desc';
}

/** What a server-paged list's page hands its table: the rows, and the query they answer. */
export interface ServerListProps<Row, Q> {
  page: ListPage<Row> | undefined;
  loading: boolean;
  query: Q;
  /** A new sort, page or page size; a new page size goes back to page 1. */
  onQueryChange(query: Q): void;
}

export interface ServerTableProps<Row, S extends string, Q extends ServerQuery<S>>
  extends ServerListProps<Row, Q>,
    Omit<TableProps<Row>, 'columns' | 'dataSource' | 'loading' | 'locale' | 'onChange' | 'pagination'> {
  columns: TableColumnsType<Row>;
  /** The sortable columns (column key → the query's `sortBy`): each gets a sorter showing the query's sort. */
  sortable: Partial<Record<string, S>>;
  /** The sort when the user takes theirs off. */
  defaultSort: S;
  /** What an empty table says. */
  emptyText: string;
  /** "N in all" under the table. */
  totalText(total: number): string;
}

/**
 * A table over one page of a server-paged list: its sorting and paging live in the page's query
 * (so they can go in a react-query key), and every change comes back as a new query.
 */
export function ServerTable<Row extends object, S extends string, Q extends ServerQuery<S>>({
  page,
  loading,
  query,
  onQueryChange,
  columns,
  sortable,
  defaultSort,
  emptyText,
  totalText,
  ...props
}: ServerTableProps<Row, S, Q>) {
  const sortKeyOf = (columnKey: unknown) =>
    columnKey !== undefined && Object.hasOwn(sortable, String(columnKey))
      ? sortable[String(columnKey)]
      : undefined;
  const sorted = columns.map((column) => {
    const sortBy = sortKeyOf(column.key);
    if (sortBy === undefined) return column;
    return {
      ...column,
      sorter: true,
      sortOrder: query.sortBy === sortBy ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
    } as typeof column;
  });
  return (
    <Table<Row>
      {...props}
      columns={sorted}
      dataSource={page?.dataList ?? []}
      loading={loading}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      onChange={(pagination, _filters, sorter) => {
        const { columnKey, order } = sorter as SorterResult<Row>;
        const pageSize = pagination.pageSize ?? 10;
        onQueryChange({
          ...query,
          sortBy: (order && sortKeyOf(columnKey)) || defaultSort,
          order: order === 'ascend' ? 'asc' : 'desc',
          page: pageSize === query.pageSize ? (pagination.current ?? 1) : 1,
          pageSize,
        });
      }}
      pagination={{
        current: query.page,
        pageSize: query.pageSize,
        total: page?.totalNumber ?? 0,
        showSizeChanger: true,
        showTotal: totalText,
      }}
    />
  );
}
