import {
  type NotificationItem,
  NotificationStreamEvent,
  notificationQualities,
  notificationTypes,
  type UnreadCount,
} from '@dc/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { nextNotificationStreamUrl, notificationKeys } from '../api/notifications.ts';
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

export const STREAM_REOPEN_MIN_MS = 5_000;
export const STREAM_REOPEN_MAX_MS = 60_000;

const openBrowserEventSource: OpenEventSource = (url) => new EventSource(url);

/**
 * The stream's events checked by hand against the contract's `unreadCountSchema` and
 * `notificationItemSchema` (web/test/layout/notification-stream.test.ts holds them to the
 * schemas): the stream opens with every console page, and its schemas would bring zod (~24 KB
 * gzip) into the first JS of each (issue 21 item 2).
 */
export function unreadOf(value: unknown): number | undefined {
  const unread = (value as { unread?: unknown } | null)?.unread;
  return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : undefined;
}

/** `YYYY-MM-DD HH:mm`, the contract's `wireDateMinute`. */
const WIRE_DATE_MINUTE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

export function notificationOf(value: unknown): NotificationItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, content, type, status, collected, date, quality } = value as Record<string, unknown>;
  const valid =
    typeof id === 'number' &&
    Number.isInteger(id) &&
    typeof content === 'string' &&
    (notificationTypes as readonly unknown[]).includes(type) &&
    typeof status === 'boolean' &&
    typeof collected === 'boolean' &&
    typeof date === 'string' &&
    WIRE_DATE_MINUTE.test(date) &&
    (notificationQualities as readonly unknown[]).includes(quality);
  return valid ? ({ id, content, type, status, collected, date, quality } as NotificationItem) : undefined;
}

function parseJson(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}

/** Where to connect next: a URL with a fresh one-use ticket (the last one was spent). */
export type StreamUrlSource = () => Promise<string>;

/**
 * Listens to the notification stream until the answered function is called. Every connection
 * gets a new URL from `nextUrl`: its ticket opens the stream once, so the browser's own
 * reconnect (same URL) would be refused. Any error closes the stream and, after a wait that
 * doubles up to a minute (reset once a stream opens), a new one is opened with a new ticket; a
 * ticket that cannot be had (offline, server restarting) is tried again the same way. Events
 * that do not match the contract are ignored.
 */
export function connectNotificationStream(
  nextUrl: StreamUrlSource,
  handlers: NotificationStreamHandlers,
  open: OpenEventSource = openBrowserEventSource,
): () => void {
  let source: EventSourceLike | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelay = STREAM_REOPEN_MIN_MS;
  let stopped = false;

  const reopenLater = () => {
    if (stopped) return;
    reopenTimer = setTimeout(() => void connect(), reopenDelay);
    reopenDelay = Math.min(reopenDelay * 2, STREAM_REOPEN_MAX_MS);
  };

  const connect = async () => {
    reopenTimer = null;
    let url: string;
    try {
      url = await nextUrl();
    } catch {
      reopenLater();
      return;
    }
    if (stopped) return;
    const current = open(url);
    source = current;
    current.addEventListener('open', () => {
      reopenDelay = STREAM_REOPEN_MIN_MS;
    });
    current.addEventListener(NotificationStreamEvent.unread, (event) => {
      const unread = unreadOf(parseJson(event.data));
      if (unread !== undefined) handlers.onUnread(unread);
    });
    current.addEventListener(NotificationStreamEvent.notification, (event) => {
      const item = notificationOf(parseJson(event.data));
      if (item) handlers.onNotification(item);
    });
    current.addEventListener('error', () => {
      if (stopped || source !== current) return;
      // Not left to the browser: its reconnect would repeat the spent ticket.
      current.close();
      source = null;
      reopenLater();
    });
  };

  void connect();
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
 * without a reload; closes it when the token goes (logout) or the console unmounts. `open` and
 * `nextUrl` are for tests and must be stable across renders.
 */
export function useNotificationStream(
  open: OpenEventSource = openBrowserEventSource,
  nextUrl: StreamUrlSource = nextNotificationStreamUrl,
): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    // The token only decides whether to listen (and a new one starts over); tickets carry the session.
    if (!token) return;
    return connectNotificationStream(nextUrl, streamIntoQueries(queryClient), open);
  }, [token, queryClient, open, nextUrl]);
}
