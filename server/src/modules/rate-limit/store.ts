import type { RateRule } from './rule.ts';

/** One key's window: how many events it counted and when the window began. */
export interface RateWindow {
  count: number;
  windowStart: Date;
}

/**
 * Where fixed-window counters live: the database (default) or Redis (`REDIS_URL`). Both count
 * by the caller's clock (`now`), so a window lasts `rule.windowSeconds` of the app's time in
 * either store, and several instances sharing the store count together.
 */
export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Counts one event of `key`; a window that is over starts again at `now` with 1. Atomic. */
  hit(rule: RateRule, key: string, now: Date): Promise<RateWindow>;
  /** The stored window of `key` (possibly over), counting nothing. */
  peek(rule: RateRule, key: string): Promise<RateWindow | undefined>;
  /** Forgets `key`'s count. */
  clear(rule: RateRule, key: string): Promise<void>;
  /** Drops windows that started before `before` (Redis lets keys expire by themselves). */
  prune(before: Date): Promise<void>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

/** Keys are cut to this length in both stores (a key is an address, phone or account name). */
export const KEY_MAX = 128;
