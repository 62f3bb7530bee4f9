import type { ListPage, Provider } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../../locales/index.ts';
import { collectProvider, exclusiveKeys, uncollectProvider } from './exclusive-service.ts';
import { withCollected } from './provider-collect.ts';

/**
 * Collect or uncollect a provider: every cached list shows the new star at once, goes back if
 * the server refuses, and is fetched again afterwards (a "collected" list then drops the row).
 */
export function useProviderCollect() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, collected }: { provider: Provider; collected: boolean }) =>
      collected ? collectProvider(provider.id) : uncollectProvider(provider.id),
    onMutate: async ({ provider, collected }) => {
      await queryClient.cancelQueries({ queryKey: exclusiveKeys.providers });
      const before = queryClient.getQueriesData<ListPage<Provider>>({ queryKey: exclusiveKeys.providers });
      const at = dayjs().format('YYYY-MM-DD HH:mm:ss');
      queryClient.setQueriesData<ListPage<Provider>>({ queryKey: exclusiveKeys.providers }, (page) =>
        withCollected(page, provider.id, collected, at),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (_answer, { provider, collected }) => {
      void message.success(
        t(collected ? 'provider.collected' : 'provider.uncollected', { name: provider.name }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: exclusiveKeys.providers }),
  });
}
