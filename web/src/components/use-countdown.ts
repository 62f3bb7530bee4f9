import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until `endsAt` (ms since the epoch), rounded up so the display never reads
 * 0 while time remains; 0 when over or never started.
 */
export function secondsUntil(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** `m:ss`, for a QR code's remaining life. */
export function formatMinutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** How often the display is refreshed; time itself is read from the clock at every tick. */
const TICK_MS = 250;

export interface Countdown {
  secondsLeft: number;
  /** Started and not over yet. */
  running: boolean;
  /** Started and over (a QR code's life has run out). False before the first start. */
  finished: boolean;
  start(seconds: number): void;
  /** Back to "never started". */
  reset(): void;
}

/**
 * A countdown measured against the clock, not by counting ticks: a background tab's throttled
 * timers or a slow render cannot stretch the 60 s of "resend code" or the 2 minutes of a QR code.
 */
export function useCountdown(): Countdown {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) clearInterval(timer);
    };
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + Math.max(0, seconds) * 1000);
  }, []);
  const reset = useCallback(() => setEndsAt(null), []);

  const secondsLeft = secondsUntil(endsAt, now);
  return {
    secondsLeft,
    running: secondsLeft > 0,
    finished: endsAt !== null && secondsLeft === 0,
    start,
    reset,
  };
}
