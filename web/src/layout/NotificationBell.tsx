import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { fetchUnreadCount, notificationKeys } from '../api/notifications.ts';
import { useT } from '../locales/index.ts';
import { LatestUnread } from './LatestUnread.tsx';

/**
 * The header bell: the unread count from the server (kept live by the console's notification
 * stream, see ConsoleLayout), and
 * a popover with the latest unread items, "mark all read" and a link to the notifications page.
 */
export function NotificationBell() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const count = useQuery({ queryKey: notificationKeys.unreadCount, queryFn: fetchUnreadCount });
  const unread = count.data?.unread ?? 0;

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      destroyOnHidden
      content={<LatestUnread unread={unread} onNavigate={() => setOpen(false)} />}
    >
      <span data-testid="notification-bell" data-unread={unread} style={{ display: 'inline-flex' }}>
        <Badge count={unread} overflowCount={99} size="small" offset={[-6, 6]}>
          <Button type="text" aria-label={t('header.notifications')} icon={<BellOutlined />} />
        </Badge>
      </span>
    </Popover>
  );
}
