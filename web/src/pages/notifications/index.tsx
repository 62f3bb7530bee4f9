import { CheckOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { fetchNotifications, fetchUnreadCount, notificationKeys } from '../../api/notifications.ts';
import { useNotificationActions } from '../../components/notifications/use-notification-actions.ts';
import { useT } from '../../locales/index.ts';
import { filterFromSearch, isFiltered, type ListFilter, queryOfFilter, searchFromFilter } from './filters.ts';
import { NotificationFilters } from './NotificationFilters.tsx';
import { NotificationTable } from './NotificationTable.tsx';

/** 通知中心: every notification of the designer (spec section 3), filtered, paged and managed. */
export default function NotificationsPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const query = queryOfFilter(filter);
  const list = useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => fetchNotifications(query, signal),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ queryKey: notificationKeys.unreadCount, queryFn: fetchUnreadCount });
  const unread = count.data?.unread ?? 0;
  const { markAllRead } = useNotificationActions();
  const setFilter = (next: ListFilter) => setSearch(searchFromFilter(next));

  // Deleting the last item of the last page leaves an empty page: show the page before it.
  const totalPages = list.data?.totalPages ?? 0;
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && filter.page > totalPages) {
      setSearch(searchFromFilter({ ...filter, page: totalPages }), { replace: true });
    }
  }, [filter, totalPages, list.isPlaceholderData, setSearch]);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('notifications.title')}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="notifications-unread-summary">
            {t('notifications.unreadSummary', { count: unread })}
          </Typography.Text>
        </Flex>
        <Button
          icon={<CheckOutlined />}
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <NotificationFilters filter={filter} onChange={setFilter} />
          <NotificationTable
            page={list.data}
            // A spinner when the rows are not yet the ones asked for; live refreshes swap rows quietly.
            loading={list.isPending || list.isPlaceholderData}
            filter={filter}
            filtered={isFiltered(filter)}
            onPageChange={(page, pageSize) =>
              setFilter({ ...filter, page: pageSize === filter.pageSize ? page : 1, pageSize })
            }
          />
        </Flex>
      </Card>
    </Flex>
  );
}
