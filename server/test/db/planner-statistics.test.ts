import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlannerStatistics } from '../../src/db/planner-statistics.ts';
import { isPglite } from '../../src/db/query-budget.ts';
import { createDesigner, createTestApp, queryRows, type TestApp } from '../support/test-app.ts';

/**
 * PGlite has no autovacuum: a table that grew kept the statistics of an empty one and the
 * planner hashed 20,000 fans for a 50-fan page. The server analyses grown tables itself.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const estimatedFans = async () =>
  (
    await queryRows<{ n: number }>(t.db, sql`select reltuples::int as n from pg_class where relname = 'fans'`)
  )[0]!.n;

describe('planner statistics', () => {
  it('a table that grew is analysed on PGlite (its row estimate becomes the rows); one that did not is left alone', async () => {
    const id = await createDesigner(t.db, { account: 'stats-designer', password: 'stats-pass-1' });
    await t.db.execute(sql`
      insert into fans (designer_id, nickname, gender, source, followed_at, last_active_at, created_at, updated_at)
      select ${id}, 'fan' || i, 'female', 'video', now(), now(), now(), now() from generate_series(1, 5000) as i`);
    const analysed = await refreshPlannerStatistics(t.db);
    if (!isPglite(t.db)) {
      // PostgreSQL servers keep their own autovacuum.
      expect(analysed).toEqual([]);
      return;
    }
    expect(analysed).toContain('fans');
    const [{ n: rows }] = (await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fans`,
    )) as [{ n: number }];
    expect(await estimatedFans()).toBe(rows);
    // Nothing moved since: nothing to analyse.
    expect(await refreshPlannerStatistics(t.db)).toEqual([]);
  });
});
