import type { UnreadCount } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import {
  collectNotification,
  deleteNotification,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
} from '../../api/notifications.ts';
import { useT } from '../../locales/index.ts';

/**
 * The changes a designer makes to notifications, shared by the list page and the header bell.
 * Each refreshes the lists and the count afterwards; failures are toasted by the request layer.
 */
export function useNotificationActions() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const markRead = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh });
  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (answer) => {
      // The badge clears at once; the refetch that follows confirms it.
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unread: answer.unread });
      void message.success(t('notifications.markedAllRead', { count: answer.updated }));
      return refresh();
    },
  });
  const collect = useMutation({
    mutationFn: ({ id, collected }: { id: number; collected: boolean }) => collectNotification(id, collected),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => {
      void message.success(t('notifications.deleted'));
      return refresh();
    },
  });
  return { markRead, markAllRead, collect, remove };
}
