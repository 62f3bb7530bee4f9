import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDailyRollups } from '../../src/db/schema/index.ts';
import { SETTLE_ON_READ_ABOVE } from '../../src/modules/vault/balance.ts';
import {
  type LedgerInput,
  rebuildLedgerRollups,
  recordLedgerEntries,
  settleDueEntries,
} from '../../src/modules/vault/ledger.ts';
import { createDesigner, envelopeOf, loginAs, queryRows } from '../support/test-app.ts';
import { createVaultApp, NOW, PASSWORD, shanghai, type VaultApp } from './support.ts';

/**
 * Issue 10 (vault balance "settles per call"): the balance is one read of the rollups with the
 * income that has come due but is not settled yet moved from pending to available in the same
 * statement; settlement itself is one statement, run by the ledger page, withdrawals and a
 * balance read that finds more than SETTLE_ON_READ_ABOVE entries due.
 */
let t: VaultApp;
beforeAll(async () => {
  t = await createVaultApp();
});
afterAll(() => t?.close());

const sale = (designerId: number, at: string, amount = 10000): LedgerInput => ({
  designerId,
  kind: 'course_sale',
  amount,
  fee: amount / 10,
  title: '课程销售',
  createdAt: shanghai(at),
});

async function newDesigner(account: string, entries: (id: number) => LedgerInput[]) {
  const id = await createDesigner(t.db, { account, password: PASSWORD });
  // Written pending (recordLedgerEntries' default), though some are already due at NOW.
  await recordLedgerEntries(t.db, entries(id));
  return { id, token: await loginAs(t.app, account, PASSWORD) };
}

const balanceOf = async (token: string) => {
  const res = await t.get('/balance', token);
  expect(envelopeOf(res).code, res.body).toBe(200);
  return envelopeOf(res).data as Record<string, unknown>;
};

const statesOf = async (designerId: number) =>
  queryRows<{ state: string; n: number }>(
    t.db,
    sql`select state, count(*)::int as n from ledger_entries where designer_id = ${designerId}
        group by state order by state`,
  );

const rollupsOf = (designerId?: number) =>
  queryRows(
    t.db,
    sql`select designer_id, day::text, kind, state, amount::text, fee::text, net::text, entries
        from ${ledgerDailyRollups} ${designerId === undefined ? sql`` : sql`where designer_id = ${designerId}`}
        order by 1, 2, 3, 4`,
  );

describe('issue 10 vault balance: one read, settlement in one statement', () => {
  it('income due but not settled counts as available, and reading the balance writes nothing', async () => {
    // Three sales of 03-01 (due 03-08, before NOW 03-10) and one of 03-09 (due 03-16).
    const lin = await newDesigner('lin', (id) => [
      sale(id, '2025-03-01 09:00:00'),
      sale(id, '2025-03-01 10:00:00'),
      sale(id, '2025-03-01 11:00:00'),
      sale(id, '2025-03-09 11:00:00'),
    ]);
    const rollupsBefore = await rollupsOf(lin.id);
    const figures = await balanceOf(lin.token);
    expect(figures).toMatchObject({ totalEarned: 36000, pending: 9000, withdrawn: 0, available: 27000 });
    expect(await statesOf(lin.id)).toEqual([{ state: 'pending', n: 4 }]);
    expect(await rollupsOf(lin.id)).toEqual(rollupsBefore);

    // The ledger page settles (one statement); the balance answers the same figures after it.
    expect(envelopeOf(await t.get('/ledger', lin.token)).code).toBe(200);
    expect(await statesOf(lin.id)).toEqual([
      { state: 'available', n: 3 },
      { state: 'pending', n: 1 },
    ]);
    expect(await balanceOf(lin.token)).toEqual(figures);
  });

  it('settling moves the rollups exactly as a rebuild from the ledger; a second run settles nothing', async () => {
    const ren = await newDesigner('ren', (id) => [
      sale(id, '2025-02-20 09:00:00', 30000),
      sale(id, '2025-02-20 23:00:00', 20000), // same business day and kind: one rollup row
      sale(id, '2025-03-02 08:00:00', 40000), // due 03-09
      sale(id, '2025-03-06 08:00:00', 50000), // due 03-13: stays pending
    ]);
    const [first, second] = await Promise.all([
      settleDueEntries(t.db, ren.id, NOW),
      settleDueEntries(t.db, ren.id, NOW),
    ]);
    expect(first + second).toBe(3);
    expect(await settleDueEntries(t.db, ren.id, NOW)).toBe(0);
    const kept = await rollupsOf();
    await rebuildLedgerRollups(t.db);
    expect(await rollupsOf()).toEqual(kept);
    // No pending rollup is left for the settled days; the pending one of 03-06 remains.
    expect(
      (await rollupsOf(ren.id)).map((r) => `${(r as { day: string }).day} ${(r as { state: string }).state}`),
    ).toEqual(['2025-02-20 available', '2025-03-02 available', '2025-03-06 pending']);
    expect(await balanceOf(ren.token)).toMatchObject({ pending: 45000, available: 81000 });
  });

  it(`a balance read that finds more than ${SETTLE_ON_READ_ABOVE} entries due settles them`, async () => {
    const many = SETTLE_ON_READ_ABOVE + 1;
    const bo = await newDesigner('bo', (id) =>
      Array.from({ length: many }, (_, i) =>
        sale(id, `2025-02-${String(1 + (i % 28)).padStart(2, '0')} 12:00:00`, 100),
      ),
    );
    expect(await balanceOf(bo.token)).toMatchObject({ pending: 0, available: many * 90 });
    expect(await statesOf(bo.id)).toEqual([{ state: 'available', n: many }]);
  });
});
