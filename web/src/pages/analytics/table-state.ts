import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';

export interface TableState<S extends string> {
  page: number;
  pageSize: number;
  sortBy: S;
  order: 'asc' | 'desc';
}

/** Paging and sorting of a server-paginated table; a new sort goes back to page 1. */
export function useTableState<S extends string>(sortBy: S, order: 'asc' | 'desc' = 'desc') {
  const [state, setState] = useState<TableState<S>>({ page: 1, pageSize: 10, sortBy, order });
  const onTableChange = <T>(
    pagination: { current?: number; pageSize?: number },
    sorter: SorterResult<T> | SorterResult<T>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSort = (one?.order ? String(one.columnKey) : sortBy) as S;
    const nextOrder = one?.order === 'ascend' ? 'asc' : 'desc';
    setState((current) => {
      const sortChanged = nextSort !== current.sortBy || nextOrder !== current.order;
      return {
        page: sortChanged ? 1 : (pagination.current ?? current.page),
        pageSize: pagination.pageSize ?? current.pageSize,
        sortBy: nextSort,
        order: nextOrder,
      };
    });
  };
  const sortOrderOf = (key: S) =>
    state.sortBy === key ? (state.order === 'asc' ? 'ascend' : 'descend') : null;
  const reset = () => setState((current) => ({ ...current, page: 1 }));
  return { state, onTableChange, sortOrderOf, reset };
}
