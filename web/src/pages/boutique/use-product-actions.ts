import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useT } from '../../locales/index.ts';
import { boutiqueKeys, deleteDraftProduct, duplicateProduct, setProductsStatus } from './service.ts';

/** Batch on/off shelf, duplicate and delete draft, each refreshing every boutique query when done. */
export function useProductActions() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: boutiqueKeys.all });
  return {
    setStatus: useMutation({
      mutationFn: setProductsStatus,
      onSuccess: async (answer, body) => {
        message.success(
          t(body.status === 'on_sale' ? 'boutique.done.onSale' : 'boutique.done.offShelf', {
            count: answer.updated,
          }),
        );
        await refresh();
      },
      onError: refresh,
    }),
    duplicate: useMutation({
      mutationFn: duplicateProduct,
      onSuccess: async () => {
        message.success(t('boutique.done.duplicated'));
        await refresh();
      },
    }),
    remove: useMutation({
      mutationFn: deleteDraftProduct,
      onSuccess: async () => {
        message.success(t('boutique.done.deleted'));
        await refresh();
      },
      onError: refresh,
    }),
  };
}
