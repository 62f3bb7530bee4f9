import { Redis } from 'ioredis';
import type { RateRule } from './rule.ts';
import { KEY_MAX, type RateLimitStore, type RateWindow } from './store.ts';

/**
 * Counts one event in one atomic step. The hash holds the window's start `s` (ms of the app's
 * clock, as the database store keeps `window_start`) and its count `c`; a window that is over
 * starts again at `now`. PEXPIRE only collects a key once its window has passed.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 's'))
if start == nil or start + window <= now then
  redis.call('HSET', KEYS[1], 's', ARGV[1], 'c', '1')
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, ARGV[1]}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), redis.call('HGET', KEYS[1], 's')}
`;

type ScriptedRedis = Redis & {
  rateHit(key: string, nowMs: string, windowMs: string): Promise<[number, string]>;
};

interface StoreLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

export interface RedisStoreOptions {
  /** Where counting goes while Redis cannot answer (the database store). */
  fallback: RateLimitStore;
  /** Prefix of every key (default `dc:rl:`); tests sharing one Redis pass their own. */
  prefix?: string;
  log?: StoreLog;
  /** How long a command may take before the store counts in the fallback instead (ms). */
  commandTimeoutMs?: number;
}

/**
 * Counters in Redis (`REDIS_URL`): limits hold across instances without database writes.
 *
 * When Redis cannot answer (down, unreachable, too slow), each operation goes to the fallback
 * (the database store) and one warning is logged until Redis answers again. Not fail-closed:
 * that would make every sign-in, code and public page answer 50300 while the limits could
 * still be kept; not fail-open: nothing passes uncounted. The database is shared by the
 * instances as Redis is, so the limits still hold across them; the price is that a window in
 * progress when Redis goes (or comes back) restarts in the other store, so across one switch
 * a key can get at most twice its limit.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis';
  readonly #client: ScriptedRedis;
  readonly #fallback: RateLimitStore;
  readonly #prefix: string;
  readonly #log: StoreLog | undefined;
  #degraded = false;
  #closed = false;

  private constructor(client: ScriptedRedis, options: RedisStoreOptions) {
    this.#client = client;
    this.#fallback = options.fallback;
    this.#prefix = options.prefix ?? 'dc:rl:';
    this.#log = options.log;
  }

  /**
   * Connects to `url`, waiting for the first connection at most a couple of seconds. Never
   * throws: a Redis that is down at start-up is a fallback like one that goes down later, and
   * the client keeps reconnecting in the background.
   */
  static async open(url: string, options: RedisStoreOptions): Promise<RedisRateLimitStore> {
    const client = new Redis(url, {
      lazyConnect: true,
      // Fail at once while disconnected instead of queueing: the request falls back meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    }) as ScriptedRedis;
    client.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    const store = new RedisRateLimitStore(client, options);
    // Errors also reach the operations that meet them; an unlistened 'error' would only be noise.
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      store.#degrade(error);
    }
    return store;
  }

  /** Connected and answering (false while down or after close). */
  get connected(): boolean {
    return !this.#closed && this.#client.status === 'ready';
  }

  /** Counting in the fallback since the last failure. */
  get degraded(): boolean {
    return this.#degraded;
  }

  #key(rule: RateRule, key: string): string {
    return `${this.#prefix}${rule.bucket}:${key.slice(0, KEY_MAX)}`;
  }

  async #attempt<T>(inRedis: () => Promise<T>, inFallback: () => Promise<T>): Promise<T> {
    if (this.#closed || this.#client.status !== 'ready') {
      this.#degrade(new Error(`Redis connection is ${this.#client.status}`));
      return inFallback();
    }
    let answer: T;
    try {
      answer = await inRedis();
    } catch (error) {
      this.#degrade(error);
      return inFallback();
    }
    if (this.#degraded) {
      this.#degraded = false;
      this.#log?.info('Redis answers again: rate limits count in Redis');
    }
    return answer;
  }

  #degrade(error: unknown): void {
    if (this.#degraded) return;
    this.#degraded = true;
    this.#log?.warn({ err: error }, 'Redis unavailable: rate limits count in the database until it answers');
  }

  hit(rule: RateRule, key: string, now: Date): Promise<RateWindow> {
    return this.#attempt(
      async () => {
        const [count, start] = await this.#client.rateHit(
          this.#key(rule, key),
          String(now.getTime()),
          String(rule.windowSeconds * 1000),
        );
        return { count: Number(count), windowStart: new Date(Number(start)) };
      },
      () => this.#fallback.hit(rule, key, now),
    );
  }

  peek(rule: RateRule, key: string): Promise<RateWindow | undefined> {
    return this.#attempt(
      async () => {
        const [start, count] = await this.#client.hmget(this.#key(rule, key), 's', 'c');
        if (start === null || count === null) return undefined;
        return { count: Number(count), windowStart: new Date(Number(start)) };
      },
      () => this.#fallback.peek(rule, key),
    );
  }

  clear(rule: RateRule, key: string): Promise<void> {
    return this.#attempt(
      async () => {
        await this.#client.del(this.#key(rule, key));
      },
      () => this.#fallback.clear(rule, key),
    );
  }

  /** Redis keys expire by themselves; what an outage left in the fallback goes as usual. */
  prune(before: Date): Promise<void> {
    return this.#fallback.prune(before);
  }

  /** Quits (or drops a connection that is down, which stops its reconnecting) and waits for the socket. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const client = this.#client;
    if (client.status !== 'ready') {
      client.disconnect();
      return;
    }
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    // QUIT lets commands in flight finish; a Redis that stops answering is dropped anyway.
    await Promise.race([client.quit().catch(() => {}), delay(1_000)]);
    // (status is read again: QUIT has changed it meanwhile)
    if ((client.status as string) !== 'end') client.disconnect();
    await Promise.race([ended, delay(1_000)]);
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
