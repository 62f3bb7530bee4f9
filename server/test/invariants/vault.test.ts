import type { IncomeBySource, IncomeTrend, PendingSettlements, VaultBalance } from '@dc/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { type AccountsApp, createAccountsApp, someone } from '../basic-information/support.ts';
import { DEMO_SEEDED_AT, queryRows, type TestApp } from '../support/test-app.ts';
import { historyArbitrary, writeHistory } from './history.ts';
import { apiGet, businessDay, dayStart, oneRow, openDemo, plusDays, type Session } from './support.ts';

/**
 * Issue 17 item 1, the figures of 金库统计 recounted from the ledger rows (`ledger_entries`, not
 * the daily rollups the service reads):
 * - balance cards (`/vault/balance`): totalEarned = Σ net of every entry but withdrawals;
 *   pending = Σ net of income still pending and not yet due; withdrawn = −Σ net of withdrawals;
 *   available = the rest;
 * - pending settlements (`/vault/pending-settlements`): its total = the pending card;
 * - income by source and the income trend of the last 30 business days: Σ net per earning kind,
 *   and of every entry but withdrawals, created in those days.
 */

async function expectVaultAgrees(app: FastifyInstance, db: Database, who: Session, now: Date) {
  const at = now.toISOString();
  const rows = await oneRow(
    db,
    sql`select
      coalesce(sum(net) filter (where kind <> 'withdrawal'), 0) as "totalEarned",
      coalesce(sum(net) filter (where kind <> 'withdrawal' and state = 'pending'
                                  and settle_due_at > ${at}::timestamptz), 0) as pending,
      coalesce(-sum(net) filter (where kind = 'withdrawal'), 0) as withdrawn
      from ledger_entries where designer_id = ${who.id}`,
  );
  const balance = await apiGet<VaultBalance>(app, who, '/vault/balance?days=30');
  expect({
    totalEarned: balance.totalEarned,
    pending: balance.pending,
    withdrawn: balance.withdrawn,
    available: balance.available,
  }).toEqual({
    totalEarned: rows.totalEarned,
    pending: rows.pending,
    withdrawn: rows.withdrawn,
    available: rows.totalEarned! - rows.pending! - rows.withdrawn!,
  });
  const pending = await apiGet<PendingSettlements>(app, who, '/vault/pending-settlements');
  expect(pending.total).toBe(rows.pending);
  const end = businessDay(now);
  const start = plusDays(end, -29);
  const range = sql`created_at >= ${dayStart(start)}::timestamptz and created_at < ${dayStart(plusDays(end, 1))}::timestamptz`;
  const bySource = await apiGet<IncomeBySource>(
    app,
    who,
    `/vault/income-by-source?start=${start}&end=${end}`,
  );
  const perKind = (
    await queryRows<{ kind: string; net: string; entries: string }>(
      db,
      sql`select kind, sum(net) as net, count(*) as entries from ledger_entries
          where designer_id = ${who.id} and kind in ('course_sale', 'boutique_sale', 'video_reward', 'partner_dividend')
            and ${range} group by kind`,
    )
  ).map((row) => ({ kind: row.kind, net: Number(row.net), entries: Number(row.entries) }));
  const sortByKind = <T extends { kind: string }>(list: T[]) =>
    [...list].sort((a, b) => a.kind.localeCompare(b.kind));
  expect(sortByKind(bySource.items.filter((item) => item.entries > 0))).toEqual(sortByKind(perKind));
  const trend = await apiGet<IncomeTrend>(
    app,
    who,
    `/vault/income-trend?start=${start}&end=${end}&granularity=day`,
  );
  const income = await oneRow(
    db,
    sql`select coalesce(sum(net), 0) as net from ledger_entries
        where designer_id = ${who.id} and kind <> 'withdrawal' and ${range}`,
  );
  expect(trend.total).toBe(income.net);
  return balance;
}

describe('demo seed: the vault’s figures are its ledger rows (issue 17 item 1)', () => {
  let t: TestApp;
  let demo: Session;
  beforeAll(async () => {
    ({ t, demo } = await openDemo());
  });
  afterAll(() => t?.close());

  it('balance cards, pending settlements, income by source and trend', async () => {
    const balance = await expectVaultAgrees(t.app, t.db, demo, DEMO_SEEDED_AT);
    expect(balance.totalEarned).toBeGreaterThan(0);
    expect(balance.withdrawn).toBeGreaterThan(0);
  }, 60_000);
});

describe('random histories: the vault stays its ledger rows (issue 17 item 1, property)', () => {
  let t: AccountsApp;
  let other: Session;
  beforeAll(async () => {
    t = await createAccountsApp();
    other = await someone(t, 'inv-vault-other');
  });
  afterAll(() => t?.close());

  it('after any history of sales, refunds, rewards, withdrawals and waiting, every figure is its rows', async () => {
    await fc.assert(
      fc.asyncProperty(historyArbitrary, async (steps) => {
        const { me } = await writeHistory(t, other, steps);
        await expectVaultAgrees(t.app, t.db, me, t.clock.now());
      }),
      { numRuns: 10 },
    );
  }, 180_000);
});
