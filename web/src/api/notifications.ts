import { endpointUrl, type NotificationListQuery, notificationsApi } from '@dc/contract';
import { call } from './call.ts';

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
  call(notificationsApi.list, { query: filter }, { signal, list: true });

export const fetchUnreadCount = () => call(notificationsApi.unreadCount);

export const markNotificationRead = (id: number) => call(notificationsApi.read, { params: { id } });

export const markAllNotificationsRead = () => call(notificationsApi.readAll);

export const collectNotification = (id: number, collected: boolean) =>
  call(notificationsApi.collect, { params: { id }, body: { collected } });

export const deleteNotification = (id: number) => call(notificationsApi.remove, { params: { id } });

/**
 * The stream of spec section 3's messages for the open console. EventSource sends no headers
 * and a URL ends up in logs, so the URL carries a one-use ticket (60 s), asked for with the
 * session in the header, never the session token; every (re)connection takes a new one.
 */
export const notificationStreamUrl = (ticket: string) =>
  `${endpointUrl(notificationsApi.stream)}?ticket=${encodeURIComponent(ticket)}`;

/** A ticket for one stream connection. Quiet: a failed reconnect is retried, not toasted. */
export const fetchStreamTicket = () =>
  call(notificationsApi.streamTicket, {}, { showErrorMessage: false, cancelDuplicate: false });

/** Where the next stream connection goes: a fresh ticket's URL. */
export const nextNotificationStreamUrl = async () =>
  notificationStreamUrl((await fetchStreamTicket()).ticket);
