import type { MessageInstance } from 'antd/es/message/interface';
import useMessage from 'antd/es/message/useMessage';
import type { NotificationInstance } from 'antd/es/notification/interface';
import useNotification from 'antd/es/notification/useNotification';
import { Fragment, useEffect, useMemo } from 'react';

export interface FeedbackApi {
  message: MessageInstance;
  notification: NotificationInstance;
}

/**
 * antd's message and notification hooks, mounted by PublicApp the first time a page shows a
 * message or a notification (issue 21 item 2: not in the first JS of every page).
 */
export default function FeedbackHolder({ onReady }: { onReady(api: FeedbackApi): void }) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification();
  const api = useMemo(() => ({ message, notification }), [message, notification]);
  useEffect(() => onReady(api), [api, onReady]);
  return (
    <Fragment>
      {messageHolder}
      {notificationHolder}
    </Fragment>
  );
}
