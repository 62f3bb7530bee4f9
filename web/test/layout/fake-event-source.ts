import type { EventSourceLike } from '../../src/layout/use-notification-stream.ts';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

/**
 * Stands for the browser's EventSource (absent from the test DOM): the test plays the server,
 * sending named events, dropping the connection (the browser then retries by itself) or
 * refusing it (the browser gives up, readyState CLOSED).
 */
export class FakeEventSource implements EventSourceLike {
  readyState = CONNECTING;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = CLOSED;
  }

  private dispatch(type: string, data?: string) {
    const event = new MessageEvent(type, data === undefined ? {} : { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  open(): void {
    this.readyState = OPEN;
    this.dispatch('open');
  }

  send(event: string, data: unknown): void {
    this.dispatch(event, typeof data === 'string' ? data : JSON.stringify(data));
  }

  /** Connection lost; the browser will reconnect by itself. */
  drop(): void {
    this.readyState = CONNECTING;
    this.dispatch('error');
  }

  /** Reconnect refused (non-200, wrong type): the browser gives up for good. */
  refuse(): void {
    this.readyState = CLOSED;
    this.dispatch('error');
  }
}

/** An `open` function recording every stream it opens. */
export function fakeStreams() {
  const opened: FakeEventSource[] = [];
  const open = (url: string) => {
    const source = new FakeEventSource(url);
    opened.push(source);
    return source;
  };
  return { opened, open, latest: () => opened[opened.length - 1]! };
}
