import type {
  NotificationCollectBody,
  NotificationItem,
  NotificationListQuery,
  ReadAllAnswer,
  StreamTicket,
  UnreadCount,
} from '@dc/contract';
import { request } from '../request/index.ts';

const BASE = '/designerapi/v1/notifications';

/** The list filters this console uses; `status` defaults to all on the server. */
export type NotificationFilter = Pick<
  NotificationListQuery,
  'page' | 'pageSize' | 'type' | 'status' | 'collected'
>;

/**
 * react-query keys: everything under `all`, so one invalidation refreshes the lists, the
 * bell's latest unread items and the unread count together.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

export const fetchNotifications = (filter: NotificationFilter, signal?: AbortSignal) =>
  request.getList<NotificationItem>(BASE, { params: filter, signal });

export const fetchUnreadCount = () => request.get<UnreadCount>(`${BASE}/unread-count`);

export const markNotificationRead = (id: number) => request.post<NotificationItem>(`${BASE}/${id}/read`);

export const markAllNotificationsRead = () => request.post<ReadAllAnswer>(`${BASE}/read-all`);

export const collectNotification = (id: number, collected: boolean) =>
  request.post<NotificationItem>(`${BASE}/${id}/collect`, { collected } satisfies NotificationCollectBody);

export const deleteNotification = (id: number) => request.delete(`${BASE}/${id}`);

/**
 * The stream of spec section 3's messages for the open console. EventSource sends no headers
 * and a URL ends up in logs, so the URL carries a one-use ticket (60 s), asked for with the
 * session in the header, never the session token; every (re)connection takes a new one.
 */
export const notificationStreamUrl = (ticket: string) =>
  `${BASE}/stream?ticket=${encodeURIComponent(ticket)}`;

/** A ticket for one stream connection. Quiet: a failed reconnect is retried, not toasted. */
export const fetchStreamTicket = () =>
  request.post<StreamTicket>(`${BASE}/stream-ticket`, undefined, {
    showErrorMessage: false,
    cancelDuplicate: false,
  });

/** Where the next stream connection goes: a fresh ticket's URL. */
export const nextNotificationStreamUrl = async () =>
  notificationStreamUrl((await fetchStreamTicket()).ticket);
