import type { ListPage } from '@dc/contract';

/** Pages needed for `totalNumber` rows at `pageSize` a page (0 when there are none). */
export const totalPagesOf = (totalNumber: number, pageSize: number) => Math.ceil(totalNumber / pageSize);

/** An unpaged list answered in the list shape: everything on one page. */
export const singlePage = <T>(items: T[]): ListPage<T> => ({
  dataList: items,
  totalNumber: items.length,
  totalPages: items.length > 0 ? 1 : 0,
});
