import type { ListPage } from '@dc/contract';

/** Pages needed for `totalNumber` rows at `pageSize` a page (0 when there are none). */
export const totalPagesOf = (totalNumber: number, pageSize: number) => Math.ceil(totalNumber / pageSize);

/** A query that can still be limited and offset: a drizzle select before `.limit()`. */
interface Pageable<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/**
 * Count-then-page: the rows of `query`'s page of `select` (limited and offset here), read only
 * when the count says there are any (no second statement for an empty list).
 */
export const pageRows = async <R>(
  totalNumber: number,
  query: { page: number; pageSize: number },
  select: () => Pageable<R>,
): Promise<R[]> =>
  totalNumber === 0
    ? []
    : await select()
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);

/** An unpaged list answered in the list shape: everything on one page. */
export const singlePage = <T>(items: T[]): ListPage<T> => ({
  dataList: items,
  totalNumber: items.length,
  totalPages: items.length > 0 ? 1 : 0,
});
