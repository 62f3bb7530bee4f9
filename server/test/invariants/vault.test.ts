import {
  type IncomeBySource,
  type IncomeTrend,
  type LedgerEntry,
  type LedgerPage,
  ledgerKindValues,
  ledgerStateValues,
  type PendingSettlements,
  type TopItems,
  type VaultBalance,
  type Withdrawal,
} from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { type AccountsApp, createAccountsApp, someone } from '../support/calls.ts';
import { DEMO_SEEDED_AT, queryRows, type TestApp } from '../support/test-app.ts';
import { historyArbitrary, writeHistory } from './history.ts';
import {
  apiGet,
  businessDay,
  dayStart,
  everyRow,
  numbersOf,
  oneRow,
  openDemo,
  plusDays,
  type Session,
} from './support.ts';

/**
 * Issue 17 item 1, the figures of 金库统计 recounted from the ledger rows (`ledger_entries`, not
 * the daily rollups the service reads):
 * - balance cards (`/vault/balance`): totalEarned = Σ net of every entry but withdrawals;
 *   pending = Σ net of income still pending and not yet due; withdrawn = −Σ net of withdrawals;
 *   available = the rest;
 * - pending settlements (`/vault/pending-settlements`): its total = the pending card;
 * - income by source and the income trend of the last 30 business days: Σ net per earning kind,
 *   and of every entry but withdrawals, created in those days;
 * - top items (`/vault/top-items`, last 30 days): per item (source and its title), Σ net of its
 *   sales, rewards, dividends and refunds, those above zero, largest first;
 * - 金库明细 (`/vault/ledger`) under each filter (kind, state, business days, amount bounds,
 *   keyword, and some together): its totals = the count, Σ amount, Σ fee and Σ net of the entries
 *   the filter selects; the rows of a month, newest first, = those entries (pending only while not
 *   yet due); the withdrawals tab: each withdrawal's amount = −Σ net of its ledger entries, 0 once
 *   it failed and its money came back.
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

type LedgerFilter = {
  kind?: string;
  state?: string;
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
  keyword?: string;
};

/** The entries a ledger filter selects, written here from the filter's words. */
function selected(who: Session, f: LedgerFilter): SQL {
  const parts: SQL[] = [sql`designer_id = ${who.id}`];
  if (f.kind) parts.push(sql`kind = ${f.kind}`);
  if (f.state) parts.push(sql`state = ${f.state}`);
  if (f.dateFrom) parts.push(sql`created_at >= ${dayStart(f.dateFrom)}::timestamptz`);
  if (f.dateTo) parts.push(sql`created_at < ${dayStart(plusDays(f.dateTo, 1))}::timestamptz`);
  if (f.amountMin !== undefined) parts.push(sql`amount >= ${f.amountMin}`);
  if (f.amountMax !== undefined) parts.push(sql`amount <= ${f.amountMax}`);
  if (f.keyword)
    parts.push(
      sql`(strpos(lower(title), lower(${f.keyword})) > 0 or strpos(lower(coalesce(source_title, '')), lower(${f.keyword})) > 0
           or strpos(lower(coalesce(buyer, '')), lower(${f.keyword})) > 0)`,
    );
  return sql.join(parts, sql` and `);
}

const queryOf = (f: LedgerFilter) =>
  Object.entries(f)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

async function expectLedgerAgrees(app: FastifyInstance, db: Database, who: Session, now: Date) {
  const end = businessDay(now);
  const month = { dateFrom: plusDays(end, -29), dateTo: end };
  const filters: LedgerFilter[] = [
    {},
    ...ledgerKindValues.map((kind) => ({ kind })),
    ...ledgerStateValues.map((state) => ({ state })),
    month,
    { ...month, kind: 'boutique_sale', state: 'pending' },
    { dateFrom: plusDays(end, -89), dateTo: plusDays(end, -30), kind: 'course_sale' },
    { amountMin: 5_000 },
    { amountMax: 0 },
    { ...month, amountMin: 1, amountMax: 20_000 },
    { keyword: '退款' },
    { keyword: '提现' },
  ];
  const counted: Record<string, number>[] = [];
  for (const filter of filters) {
    const page = await apiGet<LedgerPage>(app, who, `/vault/ledger?${queryOf(filter)}&pageSize=1`);
    const rows = await oneRow(
      db,
      sql`select count(*) as entries, coalesce(sum(amount), 0) as amount, coalesce(sum(fee), 0) as fee,
                 coalesce(sum(net), 0) as net
          from ledger_entries where ${selected(who, filter)}`,
    );
    expect({ filter, totals: page.totals, totalNumber: page.totalNumber }).toEqual({
      filter,
      totals: rows,
      totalNumber: rows.entries,
    });
    counted.push(rows);
  }
  // The rows of the last month, newest first, as the ledger holds them.
  const shown = await everyRow<LedgerEntry>(app, who, `/vault/ledger?${queryOf(month)}`);
  const expected = await numbersOf(
    db,
    sql`select id, amount, fee, net from ledger_entries where ${selected(who, month)}
        order by created_at desc, id desc`,
  );
  expect(shown.map(({ id, amount, fee, net }) => ({ id, amount, fee, net }))).toEqual(expected);
  const states = await queryRows<{
    id: number;
    kind: string;
    state: string;
    settle_due_at: Date | string | null;
  }>(db, sql`select id, kind, state, settle_due_at from ledger_entries where ${selected(who, month)}`);
  const stateOf = new Map(states.map((row) => [Number(row.id), row]));
  for (const entry of shown) {
    const row = stateOf.get(entry.id)!;
    expect({ id: entry.id, kind: entry.kind, state: entry.state }).toEqual({
      id: entry.id,
      kind: row.kind,
      state: row.state,
    });
    // Income is pending exactly until it is due.
    if (row.state === 'pending')
      expect(new Date(row.settle_due_at!).getTime()).toBeGreaterThan(now.getTime());
  }
  // 提现记录: each withdrawal's money is what its ledger entries took (and gave back).
  const withdrawals = await everyRow<Withdrawal>(app, who, '/vault/withdrawals');
  const taken = await numbersOf(
    db,
    sql`select w.id, w.amount,
               (select coalesce(-sum(e.net), 0) from ledger_entries e
                where e.withdrawal_id = w.id and e.designer_id = w.designer_id) as taken
        from withdrawals w where w.designer_id = ${who.id} order by w.id`,
  );
  expect(withdrawals.map((w) => ({ id: w.id, amount: w.amount })).sort((a, b) => a.id - b.id)).toEqual(
    taken.map(({ id, amount }) => ({ id, amount })),
  );
  const failed = new Set(withdrawals.filter((w) => w.state === 'failed').map((w) => w.id));
  expect(taken.map((w) => ({ id: w.id, taken: w.taken }))).toEqual(
    taken.map((w) => ({ id: w.id, taken: failed.has(w.id!) ? 0 : w.amount })),
  );
  // Top items of the last 30 days: per item, Σ net of its earnings and refunds.
  const top = await apiGet<TopItems>(
    app,
    who,
    `/vault/top-items?start=${month.dateFrom}&end=${end}&limit=50`,
  );
  const items = await queryRows<{
    source_type: string | null;
    source_id: number | null;
    title: string;
    net: string;
    entries: string;
  }>(
    db,
    sql`select source_type, source_id, coalesce(source_title, title) as title, sum(net) as net, count(*) as entries
        from ledger_entries
        where ${selected(who, month)} and kind in ('course_sale', 'boutique_sale', 'video_reward', 'partner_dividend', 'refund')
        group by 1, 2, 3 having sum(net) > 0 order by sum(net) desc, 3 limit 50`,
  );
  expect(top.items).toEqual(
    items.map((row) => ({
      sourceType: row.source_type,
      sourceId: row.source_id === null ? null : Number(row.source_id),
      title: row.title,
      net: Number(row.net),
      entries: Number(row.entries),
    })),
  );
  return { counted, shown, withdrawals, top: top.items };
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

  it('金库明细: the ledger’s totals under every filter, its rows, the withdrawals and top items are the ledger rows', async () => {
    const { counted, shown, withdrawals, top } = await expectLedgerAgrees(t.app, t.db, demo, DEMO_SEEDED_AT);
    expect(counted.filter((c) => c.entries! > 0).length).toBeGreaterThan(10);
    expect(shown.length).toBeGreaterThan(50);
    expect(withdrawals.length).toBeGreaterThan(2);
    expect(top.length).toBeGreaterThan(3);
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
        await expectLedgerAgrees(t.app, t.db, me, t.clock.now());
      }),
      { numRuns: 10 },
    );
  }, 180_000);
});
