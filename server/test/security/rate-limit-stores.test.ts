import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { rateLimitCounters } from '../../src/db/schema/index.ts';
import { ApiError } from '../../src/http/api-error.ts';
import { DatabaseRateLimitStore } from '../../src/modules/rate-limit/database-store.ts';
import { RedisRateLimitStore } from '../../src/modules/rate-limit/redis-store.ts';
import {
  bindRateLimitStore,
  check,
  clear,
  hit,
  type RateLimitStore,
  type RateRule,
  take,
} from '../../src/modules/rate-limit/service.ts';
import { API, openTestDatabase, testDatabaseKind } from '../support/test-app.ts';

/**
 * Issue 11 item 3: login and code limits count in the database, or in Redis when REDIS_URL is
 * set, "so limits hold across instances". One behavioural suite runs against every store.
 */

/** Apps, scrypt checks, a Redis server started and killed: minutes on a loaded 2-core machine. */
const SLOW = 180_000;

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** A closed port: a Redis that is down. */
const DOWN_REDIS_URL = 'redis://127.0.0.1:1';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisAnswers(REDIS_URL);
const NO_REDIS = `skipped: no Redis answers at ${REDIS_URL} (start redis-server or set REDIS_URL)`;
if (!redisUp) console.warn(`rate-limit-stores: Redis runs ${NO_REDIS}`);

/** A key prefix of this test run: runs sharing one Redis never see each other's counters. */
const runPrefix = () => `dc:test:${randomBytes(6).toString('hex')}:`;

async function dropKeys(prefix: string): Promise<void> {
  const client = new Redis(REDIS_URL);
  try {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

const counterRows = async (db: Database) => (await db.select({ n: count() }).from(rateLimitCounters))[0]!.n;

async function refusal(promise: Promise<unknown>): Promise<{ code: number; retryAfter: number }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    return { code: e.code, retryAfter: (e.data as { retryAfter: number }).retryAfter };
  }
  throw new Error('expected a 42900 refusal');
}

const T0 = new Date('2026-05-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const rule: RateRule = { bucket: 'test-rule', limit: 3, windowSeconds: 60 };

interface StoreCase {
  name: string;
  skip?: string | false;
  open(db: Database): Promise<RateLimitStore>;
  /** Counters this store may write to the database (none for a Redis that answers). */
  writesDatabase: boolean;
  afterAll?(): Promise<void>;
}

const redisPrefix = runPrefix();
const cases: StoreCase[] = [
  { name: 'database store', open: async (db) => new DatabaseRateLimitStore(db), writesDatabase: true },
  {
    name: `Redis store (${REDIS_URL})`,
    skip: !redisUp && NO_REDIS,
    open: (db) =>
      RedisRateLimitStore.open(REDIS_URL, { fallback: new DatabaseRateLimitStore(db), prefix: redisPrefix }),
    writesDatabase: false,
    afterAll: () => dropKeys(redisPrefix),
  },
  {
    name: 'Redis store with Redis down (falls back to the database)',
    open: (db) => RedisRateLimitStore.open(DOWN_REDIS_URL, { fallback: new DatabaseRateLimitStore(db) }),
    writesDatabase: true,
  },
];

for (const store of cases) {
  describe.skipIf(Boolean(store.skip))(
    `fixed-window rate limits: ${store.name}${store.skip ? ` — ${store.skip}` : ''}`,
    () => {
      let database: DatabaseHandle;
      let db: Database;
      let opened: RateLimitStore;
      let unbind: () => void;
      beforeAll(async () => {
        database = await openTestDatabase();
        db = database.db;
        opened = await store.open(db);
        unbind = bindRateLimitStore(db, opened);
      });
      afterAll(async () => {
        unbind?.();
        await opened?.close();
        await store.afterAll?.();
        await database?.close();
      });

      it('take: allows `limit` events per window, then 42900 with the seconds left; a new window starts over', async () => {
        for (const s of [0, 10, 20]) await take(db, rule, 'k1', at(s));
        expect(await refusal(take(db, rule, 'k1', at(25)))).toEqual({ code: 42900, retryAfter: 35 });
        expect(await refusal(take(db, rule, 'k1', at(59.5)))).toEqual({ code: 42900, retryAfter: 1 });
        await take(db, rule, 'k1', at(60));
        expect((await hit(db, rule, 'k1', at(61))).count).toBe(2);
        expect((await hit(db, rule, 'k1', at(62))).windowStart).toEqual(at(60));
      });

      it('keys and buckets count separately; keys are cut to 128 characters in every store', async () => {
        for (let i = 0; i < 3; i++) await take(db, rule, 'k2', at(i));
        await take(db, rule, 'k3', at(3));
        await take(db, { ...rule, bucket: 'other-rule' }, 'k2', at(3));
        await expect(take(db, rule, 'k2', at(4))).rejects.toBeInstanceOf(ApiError);
        const long = 'x'.repeat(128);
        await hit(db, rule, `${long}-a`, at(0));
        expect((await hit(db, rule, `${long}-b`, at(1))).count).toBe(2);
      });

      it('check refuses only once the limit is reached and counts nothing; clear forgets the key', async () => {
        await check(db, rule, 'k4', at(0));
        for (let i = 0; i < 2; i++) await hit(db, rule, 'k4', at(i));
        await check(db, rule, 'k4', at(2));
        await check(db, rule, 'k4', at(2));
        await hit(db, rule, 'k4', at(3));
        expect(await refusal(check(db, rule, 'k4', at(4)))).toEqual({ code: 42900, retryAfter: 56 });
        await check(db, rule, 'k4', at(60)); // the window is over
        await clear(db, rule, 'k4');
        expect((await hit(db, rule, 'k4', at(5))).count).toBe(1);
      });

      it('concurrent takes of one key never let more than `limit` through', async () => {
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, () => take(db, rule, 'k5', at(0))),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
        expect(
          results.filter((r) => r.status === 'rejected').map((r) => (r.reason as ApiError).code),
        ).toEqual(Array(9).fill(42900));
      });

      it(`writes ${store.writesDatabase ? 'its counters to' : 'nothing to'} the database table rate_limit_counters`, async () => {
        await hit(db, rule, 'k6', at(0));
        if (store.writesDatabase) expect(await counterRows(db)).toBeGreaterThan(0);
        else expect(await counterRows(db)).toBe(0);
      });
    },
  );
}

/** Redis and configuration alone: the database decides nothing there, so PGlite's run checks them. */
const onPglite = testDatabaseKind() === 'pglite';

describe.skipIf(!redisUp || !onPglite)(`Redis store internals${redisUp ? '' : ` — ${NO_REDIS}`}`, () => {
  const prefix = runPrefix();
  let database: DatabaseHandle;
  let store: RedisRateLimitStore;
  beforeAll(async () => {
    database = await openTestDatabase();
    store = await RedisRateLimitStore.open(REDIS_URL, {
      fallback: new DatabaseRateLimitStore(database.db),
      prefix,
    });
  });
  afterAll(async () => {
    await store?.close();
    await dropKeys(prefix);
    await database?.close();
  });

  it('a window is one hash that expires with the window (nothing is left to prune)', async () => {
    const now = new Date();
    await store.hit({ bucket: 'ttl', limit: 5, windowSeconds: 90 }, '10.0.0.1', now);
    const client = new Redis(REDIS_URL);
    try {
      const key = `${prefix}ttl:10.0.0.1`;
      expect(await client.hgetall(key)).toEqual({ s: String(now.getTime()), c: '1' });
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(85_000);
      expect(ttl).toBeLessThanOrEqual(90_000);
    } finally {
      client.disconnect();
    }
    expect(store.degraded).toBe(false);
  });
});

describe('Redis going down and coming back during use (no 500, nothing uncounted)', () => {
  let database: DatabaseHandle;
  let server: ChildProcess | undefined;
  let port: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    port = await freePort();
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database?.close();
  });

  const startRedis = async () => {
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await expect.poll(() => redisAnswers(`redis://127.0.0.1:${port}`), { timeout: 30_000 }).toBe(true);
  };

  it.skipIf(!redisUp)(
    'counts in Redis, in the database while Redis is down, and in Redis again once it is back',
    async () => {
      await startRedis();
      const store = await RedisRateLimitStore.open(`redis://127.0.0.1:${port}`, {
        fallback: new DatabaseRateLimitStore(database.db),
      });
      try {
        const r: RateRule = { bucket: 'outage', limit: 2, windowSeconds: 600 };
        expect((await store.hit(r, 'ip', new Date())).count).toBe(1);
        expect(await counterRows(database.db)).toBe(0);

        server!.kill('SIGKILL');
        await expect.poll(() => store.connected, { timeout: 30_000 }).toBe(false);
        expect((await store.hit(r, 'ip', new Date())).count).toBe(1);
        expect((await store.hit(r, 'ip', new Date())).count).toBe(2);
        expect(store.degraded).toBe(true);
        expect(await counterRows(database.db)).toBe(1);

        await startRedis();
        await expect.poll(() => store.connected, { timeout: 30_000 }).toBe(true);
        // The killed server kept nothing (no persistence): a new window in Redis.
        expect((await store.hit(r, 'ip', new Date())).count).toBe(1);
        expect(store.degraded).toBe(false);
      } finally {
        await store.close();
      }
      expect(store.connected).toBe(false);
    },
    SLOW,
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Through the API: two instances, and the configuration.

const loginFailure = (app: FastifyInstance, account: string) =>
  app.inject({ method: 'POST', url: `${API}/login`, payload: { account, password: 'wrong-password-1' } });

/** 10 failed logins of one account alternating between the instances, then an 11th on each. */
async function eleventhLogins(apps: FastifyInstance[], account: string): Promise<number[]> {
  for (let i = 0; i < 10; i++) {
    const res = await loginFailure(apps[i % apps.length]!, account);
    expect(res.json().code).toBe(20001);
  }
  return Promise.all(apps.map(async (app) => (await loginFailure(app, account)).json().code as number));
}

describe('two instances (issue 11 item 3: limits hold across instances)', () => {
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const prefix = runPrefix();
  const config = loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent', SEED: 'none' });

  async function instance(store: (db: Database) => Promise<RateLimitStore> | undefined) {
    const database = await openTestDatabase();
    handles.push(database);
    const rateLimitStore = await store(database.db);
    const app = await buildApp({
      config,
      database,
      logger: false,
      ...(rateLimitStore ? { rateLimitStore } : {}),
    });
    apps.push(app);
    return app;
  }

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    if (redisUp) await dropKeys(prefix);
  });

  it.skipIf(!redisUp)(
    'sharing one Redis, two instances count one account together: the 11th failed login is 42900 on both, no counter rows',
    async () => {
      const redis = (db: Database) =>
        RedisRateLimitStore.open(REDIS_URL, { fallback: new DatabaseRateLimitStore(db), prefix });
      const pair = [await instance(redis), await instance(redis)];
      expect(pair.map((app) => app.rateLimits.kind)).toEqual(['redis', 'redis']);
      const account = `ghost-${randomBytes(4).toString('hex')}`;
      expect(await eleventhLogins(pair, account)).toEqual([42900, 42900]);
      const res = await loginFailure(pair[0]!, account);
      expect(res.statusCode).toBe(429);
      expect(res.json().data.retryAfter).toBeGreaterThan(800);
      for (const app of pair) expect(await counterRows(app.db)).toBe(0);
    },
    SLOW,
  );

  it(
    'control: two instances on separate databases without Redis count apart (the shared store is what joins them)',
    async () => {
      const pair = [await instance(() => undefined), await instance(() => undefined)];
      expect(pair.map((app) => app.rateLimits.kind)).toEqual(['database', 'database']);
      expect(await eleventhLogins(pair, `ghost-${randomBytes(4).toString('hex')}`)).toEqual([20001, 20001]);
    },
    SLOW,
  );

  it(
    'REDIS_URL of a Redis that is down: the limit still holds (in the database), never a 500',
    async () => {
      const database = await openTestDatabase();
      handles.push(database);
      const app = await buildApp({
        config: { ...config, redisUrl: DOWN_REDIS_URL },
        database,
        logger: false,
      });
      apps.push(app);
      expect(app.rateLimits.kind).toBe('redis');
      expect(await eleventhLogins([app], 'ghost-down')).toEqual([42900]);
      expect(await counterRows(app.db)).toBeGreaterThan(0);
    },
    SLOW,
  );
});

describe.runIf(onPglite)('REDIS_URL configuration', () => {
  it('takes a redis:// or rediss:// URL; empty or unset means the database', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example.com:6380/2' }).redisUrl).toBe(
      'rediss://user:pw@cache.example.com:6380/2',
    );
  });

  it.each(['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis'])(
    'refuses REDIS_URL=%s naming the setting',
    (value) => {
      expect(() => loadConfig({ REDIS_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ REDIS_URL: value })).toThrow(/^Invalid setting REDIS_URL=/);
    },
  );

  it.skipIf(!redisUp)(
    'the app opens its Redis connection at start-up and closes it with the server',
    async () => {
      const database = await openTestDatabase();
      try {
        const config = loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent', REDIS_URL });
        const app = await buildApp({ config, database, logger: false });
        const store = app.rateLimits as RedisRateLimitStore;
        expect(store.kind).toBe('redis');
        expect(store.connected).toBe(true);
        await app.close();
        expect(store.connected).toBe(false);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
