import type { Config } from '../config.ts';
import { objectStoreFor, type ReadLink, type RequestOrigin } from '../storage/index.ts';
import { ensureDemoObject } from './demo-objects.ts';

/** How long a play, cover or model link works. */
export const READ_LINK_TTL_SECONDS = 2 * 60 * 60;

/**
 * A signed GET link to one stored object (a `<video src>` with Range, an `<img src>`, the 3D
 * viewer's fetch), for this key only; undefined when the object is not in the store. A demo
 * fixture is written into the store first (SEED=demo).
 */
export async function objectReadLink(
  config: Config,
  key: string,
  origin: RequestOrigin,
  now: Date,
  ttlSeconds = READ_LINK_TTL_SECONDS,
): Promise<ReadLink | undefined> {
  const store = objectStoreFor(config);
  await ensureDemoObject(config, store, key);
  return store.readLink(key, origin, now, ttlSeconds);
}
