import type { NotificationItem } from '@dc/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectNotificationStream,
  STREAM_REOPEN_MAX_MS,
  STREAM_REOPEN_MIN_MS,
  streamIntoQueries,
} from '../../src/layout/use-notification-stream.ts';
import { notificationKeys } from '../../src/pages/notifications/service.ts';
import { fakeStreams } from './fake-event-source.ts';

const URL = '/designerapi/v1/notifications/stream?token=t';

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
  it('opens the stream URL and passes on `unread` and `notification` events', () => {
    const streams = fakeStreams();
    const on = handlers();
    connectNotificationStream(URL, on, streams.open);
    expect(streams.opened.map((s) => s.url)).toEqual([URL]);
    const source = streams.latest();
    source.open();
    source.send('unread', { unread: 7 });
    source.send('notification', item);
    expect(on.onUnread).toHaveBeenCalledWith(7);
    expect(on.onNotification).toHaveBeenCalledWith(item);
  });

  it('ignores events that do not match the contract instead of breaking the console', () => {
    const streams = fakeStreams();
    const on = handlers();
    connectNotificationStream(URL, on, streams.open);
    const source = streams.latest();
    source.send('unread', 'not json');
    source.send('unread', { unread: -1 });
    source.send('notification', { ...item, quality: 'urgent' });
    expect(on.onUnread).not.toHaveBeenCalled();
    expect(on.onNotification).not.toHaveBeenCalled();
  });

  it('a dropped connection is left to the browser’s own reconnect', () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    connectNotificationStream(URL, handlers(), streams.open);
    streams.latest().drop();
    vi.advanceTimersByTime(STREAM_REOPEN_MAX_MS * 2);
    expect(streams.opened).toHaveLength(1);
    expect(streams.latest().closed).toBe(false);
  });

  it('a refused reconnect opens a new stream after a wait that doubles up to a minute', () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    connectNotificationStream(URL, handlers(), streams.open);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      streams.latest().refuse();
      const before = streams.opened.length;
      let waited = 0;
      while (streams.opened.length === before) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits[0]).toBe(STREAM_REOPEN_MIN_MS);
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    expect(streams.opened.slice(0, -1).every((s) => s.closed)).toBe(true);
  });

  it('a stream that opens again resets the wait', () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    connectNotificationStream(URL, handlers(), streams.open);
    streams.latest().refuse();
    vi.advanceTimersByTime(STREAM_REOPEN_MIN_MS);
    streams.latest().refuse();
    vi.advanceTimersByTime(STREAM_REOPEN_MIN_MS * 2);
    expect(streams.opened).toHaveLength(3);
    streams.latest().open();
    streams.latest().refuse();
    vi.advanceTimersByTime(STREAM_REOPEN_MIN_MS);
    expect(streams.opened).toHaveLength(4);
  });

  it('stopping closes the stream and cancels a pending reopen', () => {
    vi.useFakeTimers();
    const streams = fakeStreams();
    const stop = connectNotificationStream(URL, handlers(), streams.open);
    streams.latest().refuse();
    stop();
    vi.advanceTimersByTime(STREAM_REOPEN_MAX_MS);
    expect(streams.opened).toHaveLength(1);
    expect(streams.latest().closed).toBe(true);
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
