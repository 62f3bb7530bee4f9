import {
  type NotificationItem,
  NotificationStreamEvent,
  notificationItemSchema,
  type UnreadCount,
  unreadCountSchema,
} from '@dc/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys, notificationStreamUrl } from '../pages/notifications/service.ts';
import { useSession } from '../stores/session.ts';

/** The part of the browser's EventSource the stream uses, so tests can stand in for it. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

export interface NotificationStreamHandlers {
  onUnread(unread: number): void;
  onNotification(item: NotificationItem): void;
}

/** EventSource.CLOSED, spelt out because tests run where EventSource does not exist. */
const EVENT_SOURCE_CLOSED = 2;
export const STREAM_REOPEN_MIN_MS = 5_000;
export const STREAM_REOPEN_MAX_MS = 60_000;

const openBrowserEventSource: OpenEventSource = (url) => new EventSource(url);

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}

/**
 * Listens to the notification stream until the answered function is called. The browser
 * reconnects by itself after a dropped connection, but gives up for good when a reconnect is
 * refused (the server restarting, a proxy's 502): then a new stream is opened after a wait that
 * doubles up to a minute. Events that do not match the contract are ignored.
 */
export function connectNotificationStream(
  url: string,
  handlers: NotificationStreamHandlers,
  open: OpenEventSource = openBrowserEventSource,
): () => void {
  let source: EventSourceLike | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelay = STREAM_REOPEN_MIN_MS;
  let stopped = false;

  const connect = () => {
    const current = open(url);
    source = current;
    current.addEventListener('open', () => {
      reopenDelay = STREAM_REOPEN_MIN_MS;
    });
    current.addEventListener(NotificationStreamEvent.unread, (event) => {
      const parsed = unreadCountSchema.safeParse(parseJson(event.data));
      if (parsed.success) handlers.onUnread(parsed.data.unread);
    });
    current.addEventListener(NotificationStreamEvent.notification, (event) => {
      const parsed = notificationItemSchema.safeParse(parseJson(event.data));
      if (parsed.success) handlers.onNotification(parsed.data);
    });
    current.addEventListener('error', () => {
      if (stopped || current.readyState !== EVENT_SOURCE_CLOSED) return;
      current.close();
      reopenTimer = setTimeout(connect, reopenDelay);
      reopenDelay = Math.min(reopenDelay * 2, STREAM_REOPEN_MAX_MS);
    });
  };

  connect();
  return () => {
    stopped = true;
    if (reopenTimer) clearTimeout(reopenTimer);
    source?.close();
  };
}

/** What the stream's events change in react-query's cache: the bell's count and the lists. */
export function streamIntoQueries(queryClient: QueryClient): NotificationStreamHandlers {
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
  return {
    onUnread(unread) {
      const before = queryClient.getQueryData<UnreadCount>(notificationKeys.unreadCount)?.unread;
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { unread });
      // Read or deleted elsewhere (another tab, another device): the lists here are stale.
      if (before !== undefined && before !== unread) refreshLists();
    },
    onNotification: refreshLists,
  };
}

/**
 * While signed in, keeps the notification stream open so new notifications reach the console
 * without a reload; closes it when the token goes (logout) or the console unmounts. `open` is
 * for tests and must be stable across renders.
 */
export function useNotificationStream(open: OpenEventSource = openBrowserEventSource): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return connectNotificationStream(notificationStreamUrl(token), streamIntoQueries(queryClient), open);
  }, [token, queryClient, open]);
}
