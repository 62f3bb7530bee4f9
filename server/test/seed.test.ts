import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { designers, ledgerEntries } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/seed/index.ts';
import {
  API,
  authHeader,
  createTestApp,
  DEMO_SEEDED_AT,
  envelopeOf,
  openTestDatabase,
  queryRows,
  rowCounts,
  type TestApp,
} from './support/test-app.ts';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-03-15T08:30:00Z');
/** A whole demo seed (20,000 fans, a year of ledger…) takes tens of seconds on a busy machine. */
const SEED_TIMEOUT_MS = 300_000;

let t: TestApp;
beforeAll(async () => {
  // The app's clock stays at the seed's now, so seeded pending income does not settle mid-test.
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t?.close());

const login = (account: string, password: string) =>
  t.app.inject({ method: 'POST', url: `${API}/login`, payload: { account, password } });

async function designerByAccount(account: string) {
  const [row] = await t.db.select().from(designers).where(eq(designers.account, account));
  return row;
}

/** A fingerprint of the whole ledger, independent of row ids and designer ids. */
async function ledgerFingerprint(db: Database = t.db) {
  const rows = await queryRows(
    db,
    sql`select kind, state, count(*)::int as n, sum(amount)::text as amount, sum(fee)::text as fee,
               sum(net)::text as net, min(created_at)::text as first, max(created_at)::text as last
        from ledger_entries group by kind, state order by kind, state`,
  );
  return JSON.stringify(rows);
}

describe('seedDemo (DESIGN: SEED=demo creates demo and newcomer, password demo123456)', () => {
  it(
    'creates demo (established) and newcomer (newly registered)',
    async () => {
      expect(await seedDemo(t.db, NOW)).toBe(true);
      expect(await designerByAccount('demo')).toMatchObject({ newlyRegister: false, status: 'active' });
      expect(await designerByAccount('newcomer')).toMatchObject({ newlyRegister: true, status: 'active' });
    },
    SEED_TIMEOUT_MS,
  );

  it("demo's ledger covers about a year up to now; newcomer has none", async () => {
    const demo = await designerByAccount('demo');
    const newcomer = await designerByAccount('newcomer');
    const rows = await t.db
      .select({ createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.designerId, demo!.id))
      .orderBy(asc(ledgerEntries.createdAt));
    expect(rows.length).toBeGreaterThan(365); // sales every day
    const first = rows[0]!.createdAt.getTime();
    const last = rows.at(-1)!.createdAt.getTime();
    expect((NOW.getTime() - first) / DAY_MS).toBeGreaterThan(364);
    expect((NOW.getTime() - first) / DAY_MS).toBeLessThanOrEqual(366);
    expect(last).toBeLessThanOrEqual(NOW.getTime());
    expect((NOW.getTime() - last) / DAY_MS).toBeLessThan(1);
    expect(await t.db.$count(ledgerEntries, eq(ledgerEntries.designerId, newcomer!.id))).toBe(0);
    expect(await t.db.$count(ledgerEntries, eq(ledgerEntries.designerId, demo!.id))).toBe(rows.length);
  });

  it('both log in with demo123456; newly_register 0 for demo, 1 for newcomer', async () => {
    const demo = await login('demo', 'demo123456');
    expect(envelopeOf(demo)).toMatchObject({ code: 200, data: { newly_register: 0 } });
    const newcomer = await login('newcomer', 'demo123456');
    expect(envelopeOf(newcomer)).toMatchObject({ code: 200, data: { newly_register: 1 } });
    expect(envelopeOf(await login('demo', 'wrong')).code).toBe(20001);

    // demo's vault has money in every card: a year of sales, a week pending, monthly withdrawals.
    const token = (envelopeOf(demo).data as { token: string }).token;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/vault/balance`,
      headers: authHeader(token),
    });
    const balance = envelopeOf(res).data as Record<string, number>;
    expect(balance.totalEarned).toBeGreaterThan(0);
    expect(balance.pending).toBeGreaterThan(0);
    expect(balance.withdrawn).toBeGreaterThan(0);
    expect(balance.available).toBeGreaterThanOrEqual(0);
    expect(balance.available! + balance.pending! + balance.withdrawn!).toBe(balance.totalEarned);
  });

  it('running it twice adds nothing', async () => {
    const before = await rowCounts(t.db);
    const fingerprint = await ledgerFingerprint();
    expect(await seedDemo(t.db, new Date(NOW.getTime() + 40 * DAY_MS))).toBe(false);
    expect(await rowCounts(t.db)).toEqual({ ...before });
    expect(await ledgerFingerprint()).toBe(fingerprint);
  });

  it(
    'the data is deterministic given the same now (same ledger sums on a reseed)',
    async () => {
      const first = await ledgerFingerprint();
      expect(first).toContain('course_sale');
      // The reseed: the shared demo snapshot, seeded by seedDemo with the same clock on another
      // empty database, by whichever test file first asked for it (seeding again here took 22 s
      // of this file's 35).
      expect(DEMO_SEEDED_AT).toEqual(NOW);
      const reseeded = await openTestDatabase('demo');
      try {
        expect(await ledgerFingerprint(reseeded.db)).toBe(first);
      } finally {
        await reseeded.close();
      }
    },
    SEED_TIMEOUT_MS,
  );
});
