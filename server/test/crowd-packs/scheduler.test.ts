import type { PackRow } from '@dc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresHandle } from '../../src/db/client.ts';
import { crowdPackSizes, crowdPacks } from '../../src/db/schema/index.ts';
import { runDueRefreshes } from '../../src/modules/crowd-packs/scheduler.ts';
import {
  type AccountsApp,
  call,
  createAccountsApp,
  dataOf,
  type Session,
  someone,
} from '../support/calls.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { and, cond, DAY } from './support.ts';

let t: AccountsApp;
let me: Session;

beforeAll(async () => {
  t = await createAccountsApp();
  me = await someone(t, 'scheduler-owner');
});

afterAll(async () => {
  await t?.close();
});

const create = async (name: string, refreshMode: 'manual' | 'daily') =>
  dataOf<PackRow>(
    await call(t, 'POST', '/crowd-packs', me, {
      kind: 'rule',
      name,
      refreshMode,
      rule: and(cond({ field: 'gender', op: 'in', values: ['female'] })),
    }),
  );

const historyOf = async (packId: number) =>
  (await t.db.select().from(crowdPackSizes).where(eq(crowdPackSizes.packId, packId))).length;

describe('issue 8 item 6: the daily scheduler', () => {
  it('§issue 8: two instances ticking at once compute a due pack once', async () => {
    const daily = await create('每日', 'daily');
    const manual = await create('手动', 'manual');
    expect(await historyOf(daily.id)).toBe(1);
    // Not due yet: nothing happens.
    expect(await runDueRefreshes(t.db, t.clock.now())).toBe(0);
    const later = new Date(t.clock.now().getTime() + DAY + 1000);
    // A second "instance": its own connection pool on PostgreSQL; PGlite has one connection.
    const second = testDatabaseKind() === 'postgres' ? postgresHandle(await databaseUrlOf(t), 2) : undefined;
    try {
      const results = await Promise.all([
        runDueRefreshes(t.db, later),
        runDueRefreshes(second?.db ?? t.db, later),
      ]);
      expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await second?.close();
    }
    expect(await historyOf(daily.id)).toBe(2);
    expect(await historyOf(manual.id)).toBe(1);
    const [row] = await t.db.select().from(crowdPacks).where(eq(crowdPacks.id, daily.id));
    expect(row!.nextRefreshAt!.getTime()).toBe(later.getTime() + DAY);
    // The next tick the same day finds nothing due.
    expect(await runDueRefreshes(t.db, new Date(later.getTime() + 60_000))).toBe(0);
  });
});

/** The URL of this test's PostgreSQL database. */
async function databaseUrlOf(app: AccountsApp): Promise<string> {
  const pool = (app.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}
