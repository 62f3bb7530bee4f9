import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Countdown,
  formatMinutesSeconds,
  secondsUntil,
  useCountdown,
} from '../../src/components/use-countdown.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

describe('secondsUntil and formatMinutesSeconds', () => {
  it('rounds up, so the display never reads 0 while time remains', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 9_999)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
    expect(secondsUntil(null, 0)).toBe(0);
  });

  it('formats a QR code life as m:ss', () => {
    expect(formatMinutesSeconds(120)).toBe('2:00');
    expect(formatMinutesSeconds(65)).toBe('1:05');
    expect(formatMinutesSeconds(9)).toBe('0:09');
    expect(formatMinutesSeconds(-3)).toBe('0:00');
  });
});

describe('useCountdown', () => {
  let root: Root;
  let current: Countdown;
  function Probe() {
    current = useCountdown();
    return null;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    root = createRoot(document.createElement('div'));
    act(() => root.render(<Probe />));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('is idle before it starts: not running, not finished', () => {
    expect(current.secondsLeft).toBe(0);
    expect(current.running).toBe(false);
    expect(current.finished).toBe(false);
  });

  it('counts the 60 s of "resend code" down to finished', () => {
    act(() => current.start(60));
    expect(current.secondsLeft).toBe(60);
    expect(current.running).toBe(true);
    advance(1_000);
    expect(current.secondsLeft).toBe(59);
    advance(58_000);
    expect(current.secondsLeft).toBe(1);
    expect(current.running).toBe(true);
    advance(1_000);
    expect(current.secondsLeft).toBe(0);
    expect(current.running).toBe(false);
    expect(current.finished).toBe(true);
  });

  it('follows the clock, not the number of ticks: a stalled timer cannot stretch it', () => {
    act(() => current.start(120));
    // The clock jumps (a throttled background tab) without the interval firing in between.
    act(() => vi.setSystemTime(Date.now() + 90_000));
    advance(250);
    expect(current.secondsLeft).toBe(30);
  });

  it('starts over with a new length (a rate limit asks for a longer wait)', () => {
    act(() => current.start(60));
    advance(10_000);
    act(() => current.start(300));
    expect(current.secondsLeft).toBe(300);
  });

  it('reset returns to idle', () => {
    act(() => current.start(5));
    advance(6_000);
    expect(current.finished).toBe(true);
    act(() => current.reset());
    expect(current.finished).toBe(false);
    expect(current.running).toBe(false);
  });

  it('stops ticking once over', () => {
    act(() => current.start(1));
    advance(2_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
