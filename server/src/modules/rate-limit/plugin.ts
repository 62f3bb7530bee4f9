import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { DatabaseRateLimitStore } from './database-store.ts';
import { RedisRateLimitStore } from './redis-store.ts';
import { bindRateLimitStore } from './service.ts';
import type { RateLimitStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the rate limits count: Redis when REDIS_URL is set, else the database. */
    rateLimits: RateLimitStore;
  }
}

/** The store of this configuration: Redis (falling back to the database) or the database. */
export async function openRateLimitStore(
  config: Pick<Config, 'redisUrl'>,
  db: Database,
  log?: { warn(object: object, message: string): void; info(message: string): void },
): Promise<RateLimitStore> {
  const database = new DatabaseRateLimitStore(db);
  if (!config.redisUrl) return database;
  return RedisRateLimitStore.open(config.redisUrl, { fallback: database, ...(log ? { log } : {}) });
}

/**
 * Chooses the rate-limit store at start-up (or takes `store`, which tests pass), decorates it
 * as `app.rateLimits`, binds it to `app.db` for the services, and closes it with the app.
 * Needs contextPlugin (`app.config`, `app.db`) registered first.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { store?: RateLimitStore | undefined }) => {
    const store =
      options.store ??
      (await openRateLimitStore(app.config, app.db, app.log.child({ component: 'rate-limit' })));
    app.decorate('rateLimits', store);
    const unbind = bindRateLimitStore(app.db, store);
    app.addHook('onClose', async () => {
      unbind();
      await store.close();
    });
  },
);
