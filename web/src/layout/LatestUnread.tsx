import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { fetchNotifications, type NotificationFilter, notificationKeys } from '../api/notifications.ts';
import { typeLabels } from '../components/notifications/labels.ts';
import { QualityTag } from '../components/notifications/QualityTag.tsx';
import { useNotificationActions } from '../components/notifications/use-notification-actions.ts';
import { useT } from '../locales/index.ts';

/** How many unread items the bell's popover lists; the rest are one click away. */
export const BELL_LIST_SIZE = 5;
const LATEST_UNREAD: NotificationFilter = { page: 1, pageSize: BELL_LIST_SIZE, status: 'unread' };

/** The header bell's popover: the newest unread notifications, "mark all read", a link to the rest. */
export function LatestUnread({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const t = useT();
  const { token } = theme.useToken();
  const { markRead, markAllRead } = useNotificationActions();
  const latest = useQuery({
    queryKey: notificationKeys.list(LATEST_UNREAD),
    queryFn: ({ signal }) => fetchNotifications(LATEST_UNREAD, signal),
  });
  const items = latest.data?.dataList ?? [];

  return (
    <Flex vertical style={{ width: 360 }} data-testid="notification-popover">
      <Flex justify="space-between" align="center" style={{ paddingBottom: 8 }}>
        <Typography.Text strong>
          {t('notifications.bell.title')}
          {unread > 0 && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginInlineStart: 8 }}>
              {t('notifications.unreadSummary', { count: unread })}
            </Typography.Text>
          )}
        </Typography.Text>
        <Button
          color="primary"
          variant="link"
          size="small"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Flex>
      {latest.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.bell.empty')} />
      ) : (
        <Flex vertical>
          {items.map((item) => (
            <Flex
              key={item.id}
              vertical
              gap={4}
              style={{ paddingBlock: 10, borderTop: `1px solid ${token.colorBorderSecondary}` }}
            >
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: item.content }} style={{ margin: 0 }}>
                {item.content}
              </Typography.Paragraph>
              <Flex justify="space-between" align="center" gap={8}>
                <Flex align="center" gap={8}>
                  <QualityTag quality={item.quality} />
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                    {t(typeLabels[item.type])} · {item.date}
                  </Typography.Text>
                </Flex>
                <Button
                  color="primary"
                  variant="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  loading={markRead.isPending && markRead.variables === item.id}
                  onClick={() => markRead.mutate(item.id)}
                >
                  {t('notifications.markRead')}
                </Button>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      <Flex justify="center" style={{ paddingTop: 8, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        <Link to="/notifications" onClick={onNavigate} style={{ color: token.colorPrimary }}>
          {t('notifications.bell.viewAll')}
        </Link>
      </Flex>
    </Flex>
  );
}
