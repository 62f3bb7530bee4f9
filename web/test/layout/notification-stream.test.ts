import { type NotificationItem, notificationItemSchema, unreadCountSchema } from '@dc/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys, notificationStreamUrl } from '../../src/api/notifications.ts';
import {
  connectNotificationStream,
  notificationOf,
  STREAM_REOPEN_MAX_MS,
  STREAM_REOPEN_MIN_MS,
  streamIntoQueries,
  unreadOf,
} from '../../src/layout/use-notification-stream.ts';
import { fakeStreams } from './fake-event-source.ts';

const URL = '/designerapi/v1/notifications/stream?ticket=t1';

/** A ticket source: each call a new URL (`?ticket=t1`, `t2`…), as the server's one-use tickets. */
function tickets() {
  let issued = 0;
  const next = vi.fn(async () => `/designerapi/v1/notifications/stream?ticket=t${++issued}`);
  return next;
}

/** Lets the ticket request (a resolved promise) reach the EventSource. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const item: NotificationItem = {
  id: 41,
  content: '您的合同已审核通过',
  type: 'contract',
  status: true,
  collected: false,
  date: '2026-03-01 09:30',
  quality: 'high',
};

function handlers() {
  return {
    onUnread: vi.fn<(unread: number) => void>(),
    onNotification: vi.fn<(n: NotificationItem) => void>(),
  };
}

afterEach(() => vi.useRealTimers());

describe('the notification stream connection', () => {
  it('opens the stream at a ticket’s URL and passes on `unread` and `notification` events', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    const on = handlers();
    connectNotificationStream(tickets(), on, streams.open);
    await settle();
    expect(streams.opened.map((s) => s.url)).toEqual([URL]);
    const source = streams.latest();
    source.open();
    source.send('unread', { unread: 7 });
    source.send('notification', item);
    expect(on.onUnread).toHaveBeenCalledWith(7);
    expect(on.onNotification).toHaveBeenCalledWith(item);
  });

  it('ignores events that do not match the contract instead of breaking the console', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    const on = handlers();
    connectNotificationStream(tickets(), on, streams.open);
    await settle();
    const source = streams.latest();
    source.send('unread', 'not json');
    source.send('unread', { unread: -1 });
    source.send('notification', { ...item, quality: 'urgent' });
    expect(on.onUnread).not.toHaveBeenCalled();
    expect(on.onNotification).not.toHaveBeenCalled();
  });

  it('issue 16: a dropped connection is not left to the browser (its URL’s ticket is spent): closed, reopened with a new ticket', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    const next = tickets();
    connectNotificationStream(next, handlers(), streams.open);
    await settle();
    streams.latest().open();
    streams.latest().drop();
    expect(streams.latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MIN_MS);
    expect(streams.opened.map((s) => s.url)).toEqual([URL, '/designerapi/v1/notifications/stream?ticket=t2']);
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('a refused reconnect opens a new stream after a wait that doubles up to a minute', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    connectNotificationStream(tickets(), handlers(), streams.open);
    await settle();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      streams.latest().refuse();
      const before = streams.opened.length;
      let waited = 0;
      while (streams.opened.length === before) {
        await vi.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits[0]).toBe(STREAM_REOPEN_MIN_MS);
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(streams.opened.slice(0, -1).every((s) => s.closed)).toBe(true);
    expect(new Set(streams.opened.map((s) => s.url)).size).toBe(streams.opened.length);
  });

  it('a stream that opens again resets the wait', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    connectNotificationStream(tickets(), handlers(), streams.open);
    await settle();
    streams.latest().refuse();
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MIN_MS);
    streams.latest().refuse();
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MIN_MS * 2);
    expect(streams.opened).toHaveLength(3);
    streams.latest().open();
    streams.latest().refuse();
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MIN_MS);
    expect(streams.opened).toHaveLength(4);
  });

  it('a ticket that cannot be had (offline, restarting server) is asked for again after the same doubling wait', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    let failures = 2;
    const next = vi.fn(async () => {
      if (failures-- > 0) throw new Error('network');
      return URL;
    });
    connectNotificationStream(next, handlers(), streams.open);
    await settle();
    expect(streams.opened).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MIN_MS);
    expect(streams.opened).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MIN_MS * 2);
    expect(next).toHaveBeenCalledTimes(3);
    expect(streams.opened.map((s) => s.url)).toEqual([URL]);
  });

  it('stopping closes the stream and cancels a pending reopen', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    const stop = connectNotificationStream(tickets(), handlers(), streams.open);
    await settle();
    streams.latest().refuse();
    stop();
    await vi.advanceTimersByTimeAsync(STREAM_REOPEN_MAX_MS);
    expect(streams.opened).toHaveLength(1);
    expect(streams.latest().closed).toBe(true);
  });

  it('stopping while the ticket is on its way opens nothing', async () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    let deliver!: (url: string) => void;
    const stop = connectNotificationStream(
      () => new Promise<string>((resolve) => (deliver = resolve)),
      handlers(),
      streams.open,
    );
    stop();
    deliver(URL);
    await settle();
    expect(streams.opened).toHaveLength(0);
  });
});

describe('the stream URL', () => {
  it('issue 16: carries the ticket, never a session token', () => {
    const url = new globalThis.URL(notificationStreamUrl('tick et&x'), 'http://console.test');
    expect(url.pathname).toBe('/designerapi/v1/notifications/stream');
    expect([...url.searchParams.keys()]).toEqual(['ticket']);
    expect(url.searchParams.get('ticket')).toBe('tick et&x');
  });
});

describe('stream events into the query cache', () => {
  it('`unread` sets the bell’s count', () => {
    const queryClient = new QueryClient();
    streamIntoQueries(queryClient).onUnread(5);
    expect(queryClient.getQueryData(notificationKeys.unreadCount)).toEqual({ unread: 5 });
  });

  it('a changed count refreshes the lists (read elsewhere); the same count does not', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const into = streamIntoQueries(queryClient);
    into.onUnread(5);
    into.onUnread(5);
    expect(invalidate).not.toHaveBeenCalled();
    into.onUnread(4);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.lists });
  });

  it('a new notification refreshes the lists, so it shows without a reload', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    streamIntoQueries(queryClient).onNotification(item);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.lists });
  });
});

describe('issue 21 item 2: the stream’s events are checked without zod, as the contract’s schemas check them', () => {
  const unreads: unknown[] = [
    { unread: 0 },
    { unread: 7 },
    { unread: -1 },
    { unread: 2.5 },
    { unread: '3' },
    {},
    null,
    'x',
    4,
  ];
  it.each(unreads)('unread event %j: the same verdict and value as unreadCountSchema', (value) => {
    const parsed = unreadCountSchema.safeParse(value);
    expect(unreadOf(value)).toEqual(parsed.success ? parsed.data.unread : undefined);
  });

  const notifications: unknown[] = [
    item,
    { ...item, extra: 'dropped' },
    { ...item, quality: 'urgent' },
    { ...item, type: 'party' },
    { ...item, id: 1.5 },
    { ...item, id: '41' },
    { ...item, status: 'true' },
    { ...item, collected: undefined },
    { ...item, date: '2026-03-01 09:30:00' },
    { ...item, date: '2026-3-1 9:30' },
    { ...item, content: 42 },
    null,
    [],
    'notification',
  ];
  it.each(notifications)(
    'notification event %j: the same verdict and value as notificationItemSchema',
    (value) => {
      const parsed = notificationItemSchema.safeParse(value);
      expect(notificationOf(value)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );
});
