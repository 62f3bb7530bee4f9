import { incomeKindValues, type LedgerKind, type LedgerState, SETTLEMENT_DAYS } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerDailyRollups, ledgerEntries } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { BUSINESS_ZONE_SQL, businessDayOf, DAY_MS } from '../../time/business-day.ts';

type LedgerRow = typeof ledgerEntries.$inferSelect;
export type LedgerInput = Omit<
  typeof ledgerEntries.$inferInsert,
  'id' | 'fee' | 'net' | 'state' | 'settleDueAt'
> & {
  fee?: number;
  net?: number;
  state?: LedgerState;
  settleDueAt?: Date | null;
};

const INCOME_KINDS: readonly LedgerKind[] = incomeKindValues;

interface RollupDelta {
  designerId: number;
  day: string;
  kind: LedgerKind;
  state: LedgerState;
  amount: number;
  fee: number;
  net: number;
  entries: number;
}

/** Adds deltas to the daily rollups (one upsert; deltas of the same key are summed first). */
export async function applyRollupDeltas(tx: Database, deltas: RollupDelta[]): Promise<void> {
  const merged = new Map<string, RollupDelta>();
  for (const delta of deltas) {
    const key = `${delta.designerId}|${delta.day}|${delta.kind}|${delta.state}`;
    const current = merged.get(key);
    if (!current) merged.set(key, { ...delta });
    else {
      current.amount += delta.amount;
      current.fee += delta.fee;
      current.net += delta.net;
      current.entries += delta.entries;
    }
  }
  if (merged.size === 0) return;
  await tx
    .insert(ledgerDailyRollups)
    .values([...merged.values()])
    .onConflictDoUpdate({
      target: [
        ledgerDailyRollups.designerId,
        ledgerDailyRollups.day,
        ledgerDailyRollups.kind,
        ledgerDailyRollups.state,
      ],
      set: {
        amount: sql`${ledgerDailyRollups.amount} + excluded.amount`,
        fee: sql`${ledgerDailyRollups.fee} + excluded.fee`,
        net: sql`${ledgerDailyRollups.net} + excluded.net`,
        entries: sql`${ledgerDailyRollups.entries} + excluded.entries`,
      },
    });
}

const deltaOf = (row: LedgerRow, sign: 1 | -1, state: LedgerState = row.state): RollupDelta => ({
  designerId: row.designerId,
  day: businessDayOf(row.createdAt),
  kind: row.kind,
  state,
  amount: sign * row.amount,
  fee: sign * row.fee,
  net: sign * row.net,
  entries: sign,
});

/** Fills the defaults: net = amount − fee; income is pending for SETTLEMENT_DAYS, the rest settled. */
function completeEntry(input: LedgerInput): typeof ledgerEntries.$inferInsert {
  const fee = input.fee ?? 0;
  const createdAt = input.createdAt;
  const isIncome = INCOME_KINDS.includes(input.kind);
  const state =
    input.state ?? (isIncome ? 'pending' : input.kind === 'withdrawal' ? 'withdrawn' : 'available');
  const settleDueAt =
    input.settleDueAt !== undefined
      ? input.settleDueAt
      : isIncome
        ? new Date(createdAt.getTime() + SETTLEMENT_DAYS * DAY_MS)
        : null;
  return {
    ...input,
    fee,
    net: input.net ?? input.amount - fee,
    state,
    settleDueAt,
    settledAt: input.settledAt !== undefined ? input.settledAt : state === 'pending' ? null : createdAt,
  };
}

/**
 * The one way money enters the ledger: inserts the entries and adds them to the daily rollups,
 * in the caller's transaction (pass `tx`), so statistics never disagree with the ledger.
 * Other areas call this for course sales, boutique orders, rewards and dividends.
 */
export async function recordLedgerEntries(tx: Database, inputs: LedgerInput[]): Promise<LedgerRow[]> {
  if (inputs.length === 0) return [];
  const rows = await tx.insert(ledgerEntries).values(inputs.map(completeEntry)).returning();
  await applyRollupDeltas(
    tx,
    rows.map((row) => deltaOf(row, 1)),
  );
  return rows;
}

export async function recordLedgerEntry(tx: Database, input: LedgerInput): Promise<LedgerRow> {
  const [row] = await recordLedgerEntries(tx, [input]);
  return row!;
}

/**
 * Pending income whose settlement time has come becomes available (settled at its due time),
 * and the rollups move with it. Idempotent; run before reading a designer's rows.
 *
 * One statement, so one round trip and atomic without a transaction of its own (issue 10: the
 * old BEGIN, UPDATE … RETURNING every row, upsert, DELETE, COMMIT cost five round trips on every
 * read): the settled entries are summed per rollup key in the database; a pending rollup whose
 * entries all settled is deleted, the others reduced, and the sums added to the available ones.
 * Concurrent calls settle each entry once (the second UPDATE skips rows the first changed).
 */
export async function settleDueEntries(db: Database, designerId: number, now: Date): Promise<number> {
  const r = ledgerDailyRollups;
  const matches = sql`r.designer_id = m.designer_id and r.day = m.day and r.kind = m.kind and r.state = 'pending'`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
      with settled as (
        update ${ledgerEntries} set state = 'available', settled_at = settle_due_at
        where designer_id = ${designerId} and state = 'pending' and settle_due_at <= ${now.toISOString()}::timestamptz
        returning designer_id, (created_at at time zone ${BUSINESS_ZONE_SQL})::date as day, kind, amount, fee, net),
      moved as (
        select designer_id, day, kind, sum(amount) as amount, sum(fee) as fee, sum(net) as net,
               count(*)::int as entries
        from settled group by designer_id, day, kind),
      emptied as (
        delete from ${r} r using moved m where ${matches} and r.entries = m.entries returning 1),
      reduced as (
        update ${r} r set amount = r.amount - m.amount, fee = r.fee - m.fee, net = r.net - m.net,
                          entries = r.entries - m.entries
        from moved m where ${matches} and r.entries <> m.entries returning 1),
      added as (
        insert into ${r} (designer_id, day, kind, state, amount, fee, net, entries)
        select designer_id, day, kind, 'available', amount, fee, net, entries from moved
        on conflict (designer_id, day, kind, state) do update
          set amount = ${r}.amount + excluded.amount, fee = ${r}.fee + excluded.fee,
              net = ${r}.net + excluded.net, entries = ${r}.entries + excluded.entries
        returning 1)
      select (select count(*) from settled)::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** Recomputes the rollups from the ledger: one designer's, or everyone's. */
export async function rebuildLedgerRollups(db: Database, designerId?: number): Promise<void> {
  const only = designerId === undefined ? sql`true` : sql`designer_id = ${designerId}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ledger_daily_rollups where ${only}`);
    await tx.execute(sql`
      insert into ledger_daily_rollups (designer_id, day, kind, state, amount, fee, net, entries)
      select designer_id, (created_at at time zone ${BUSINESS_ZONE_SQL})::date, kind, state,
             sum(amount), sum(fee), sum(net), count(*)
      from ledger_entries where ${only}
      group by 1, 2, 3, 4`);
  });
}
