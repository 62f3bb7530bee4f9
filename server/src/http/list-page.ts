import type { ListPage } from '@dc/contract';

/** Pages needed for `totalNumber` rows at `pageSize` a page (0 when there are none). */
export const totalPagesOf = (totalNumber: number, pageSize: number) => Math.ceil(totalNumber / pageSize);

/**
 * Count-then-page: the rows of `query`'s page, read by `read(limit, offset)` only when the count
 * says there are any (no second statement for an empty list).
 */
export const pageRows = <R>(
  totalNumber: number,
  query: { page: number; pageSize: number },
  read: (limit: number, offset: number) => Promise<R[]>,
): Promise<R[]> =>
  totalNumber === 0 ? Promise.resolve([]) : read(query.pageSize, (query.page - 1) * query.pageSize);

/** An unpaged list answered in the list shape: everything on one page. */
export const singlePage = <T>(items: T[]): ListPage<T> => ({
  dataList: items,
  totalNumber: items.length,
  totalPages: items.length > 0 ? 1 : 0,
});
