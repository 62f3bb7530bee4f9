import type { NotificationItem } from '@dc/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationKeys } from '../../src/api/notifications.ts';
import { useNotificationStream } from '../../src/layout/use-notification-stream.ts';
import { useSession } from '../../src/stores/session.ts';
import { fakeStreams } from './fake-event-source.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const streams = fakeStreams();
/** Stands for POST /notifications/stream-ticket: a new one-use ticket each time. */
let ticketsIssued = 0;
const nextUrl = async () => `/designerapi/v1/notifications/stream?ticket=ticket-${++ticketsIssued}`;

function StreamProbe() {
  useNotificationStream(streams.open, nextUrl);
  return null;
}

/** Lets the ticket (a resolved promise) reach the stream. */
const settle = () => act(async () => {});

let root: Root;
let queryClient: QueryClient;

beforeEach(() => {
  streams.opened.length = 0;
  useSession.getState().clear();
  queryClient = new QueryClient();
  root = createRoot(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  useSession.getState().clear();
});

const mount = async () => {
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <StreamProbe />
      </QueryClientProvider>,
    ),
  );
  await settle();
};

const newItem: NotificationItem = {
  id: 99,
  content: '会议通知：明天 10:00 评审会',
  type: 'meeting',
  status: true,
  collected: false,
  date: '2026-03-02 18:00',
  quality: 'middle',
};

describe('useNotificationStream: live notifications while signed in', () => {
  it('opens nothing without a session', async () => {
    await mount();
    expect(streams.opened).toHaveLength(0);
  });

  it('issue 16: opens the stream with a ticket, never the session token, and feeds the bell’s count', async () => {
    useSession.getState().signIn('token with spaces&more', 0, false);
    await mount();
    expect(streams.opened).toHaveLength(1);
    const url = new URL(streams.latest().url, 'http://console.test');
    expect(url.pathname).toBe('/designerapi/v1/notifications/stream');
    expect(url.searchParams.get('ticket')).toMatch(/^ticket-\d+$/);
    expect(streams.latest().url).not.toContain('token');

    act(() => {
      streams.latest().open();
      streams.latest().send('unread', { unread: 3 });
      streams.latest().send('notification', newItem);
      streams.latest().send('unread', { unread: 4 });
    });
    expect(queryClient.getQueryData(notificationKeys.unreadCount)).toEqual({ unread: 4 });
  });

  it('closes the stream at logout, and a new sign-in opens a new one with a new ticket', async () => {
    useSession.getState().signIn('first', 0, true);
    await mount();
    const first = streams.latest();
    act(() => useSession.getState().clear());
    expect(first.closed).toBe(true);
    expect(streams.opened).toHaveLength(1);

    act(() => useSession.getState().signIn('second', 0, true));
    await settle();
    expect(streams.opened).toHaveLength(2);
    expect(streams.latest().url).not.toBe(first.url);
    expect(streams.latest().url).not.toContain('second');
  });

  it('closes the stream when the console unmounts', async () => {
    useSession.getState().signIn('t', 0, true);
    await mount();
    act(() => root.render(null));
    expect(streams.latest().closed).toBe(true);
  });
});
