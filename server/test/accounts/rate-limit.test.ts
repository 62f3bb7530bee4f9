import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { rateLimitCounters } from '../../src/db/schema/index.ts';
import { ApiError } from '../../src/http/api-error.ts';
import {
  check,
  clear,
  hit,
  pruneCounters,
  type RateRule,
  take,
} from '../../src/modules/rate-limit/service.ts';
import { openTestDatabase } from '../support/test-app.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const T0 = new Date('2026-05-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const rule: RateRule = { bucket: 'test-rule', limit: 3, windowSeconds: 60 };

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

describe('rate-limit service (fixed windows, counters in the database)', () => {
  it('take: allows `limit` events per window, then 42900 with the seconds left; a new window starts over', async () => {
    const db = database.db;
    for (const s of [0, 10, 20]) await take(db, rule, 'k1', at(s));
    expect(await refusal(take(db, rule, 'k1', at(25)))).toEqual({ code: 42900, retryAfter: 35 });
    expect(await refusal(take(db, rule, 'k1', at(59.5)))).toEqual({ code: 42900, retryAfter: 1 });
    await take(db, rule, 'k1', at(60));
    expect((await hit(db, rule, 'k1', at(61))).count).toBe(2);
  });

  it('keys and buckets count separately', async () => {
    const db = database.db;
    for (let i = 0; i < 3; i++) await take(db, rule, 'k2', at(i));
    await take(db, rule, 'k3', at(3));
    await take(db, { ...rule, bucket: 'other-rule' }, 'k2', at(3));
    await expect(take(db, rule, 'k2', at(4))).rejects.toBeInstanceOf(ApiError);
  });

  it('check refuses only once the limit is reached and counts nothing; clear forgets the key', async () => {
    const db = database.db;
    await check(db, rule, 'k4', at(0));
    for (let i = 0; i < 2; i++) await hit(db, rule, 'k4', at(i));
    await check(db, rule, 'k4', at(2));
    await hit(db, rule, 'k4', at(3));
    expect(await refusal(check(db, rule, 'k4', at(4)))).toEqual({ code: 42900, retryAfter: 56 });
    await check(db, rule, 'k4', at(60)); // the window is over
    await clear(db, rule, 'k4');
    expect((await hit(db, rule, 'k4', at(5))).count).toBe(1);
  });

  it('concurrent takes of one key never let more than `limit` through', async () => {
    const db = database.db;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => take(db, rule, 'k5', at(0))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  });

  it('pruneCounters deletes windows that started before the cut-off', async () => {
    const db = database.db;
    await hit(db, rule, 'old', at(-3 * 86_400));
    await pruneCounters(db, at(-86_400));
    const keys = (await db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('k1');
  });
});
