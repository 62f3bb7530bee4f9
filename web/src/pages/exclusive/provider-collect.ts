import type { ListPage, Provider } from '@dc/contract';

/** A cached page of providers with one provider's collected flag set, for the optimistic update. */
export function withCollected(
  page: ListPage<Provider> | undefined,
  id: number,
  collected: boolean,
  at: string,
): ListPage<Provider> | undefined {
  if (!page) return page;
  return {
    ...page,
    dataList: page.dataList.map((provider) =>
      provider.id === id ? { ...provider, collected, collectedAt: collected ? at : null } : provider,
    ),
  };
}
