import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

export const ledgerKinds = [
  'course_sale',
  'boutique_sale',
  'video_reward',
  'partner_dividend',
  'refund',
  'withdrawal',
  'platform_fee',
] as const;
export const ledgerStates = ['pending', 'available', 'withdrawn', 'refunded'] as const;
export const ledgerSourceTypes = ['course', 'video', 'product', 'partner'] as const;
export const withdrawalStates = ['submitted', 'processing', 'paid', 'failed'] as const;

/**
 * Money the designer asked to be paid out to a bank account. The account is a snapshot (from
 * the exclusive application or entered), so later profile edits never change a past payout.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    accountName: varchar('account_name', { length: 32 }).notNull(),
    accountNumber: varchar('account_number', { length: 30 }).notNull(),
    state: varchar('state', { length: 16, enum: withdrawalStates }).notNull().default('submitted'),
    failureReason: varchar('failure_reason', { length: 200 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_designer_idx').on(t.designerId, t.submittedAt.desc()),
    index('withdrawals_state_idx').on(t.state, t.submittedAt),
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The vault ledger: one row per money event, amounts in integer fen. Append-only except for
 * settlement (pending → available at `settle_due_at`) and refunds; every write goes through
 * `recordLedgerEntry`, which keeps `ledger_daily_rollups` current in the same transaction.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id),
    kind: varchar('kind', { length: 24, enum: ledgerKinds }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 16, enum: ledgerStates }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    /** What earned it: a course, video, product or partner company (null for withdrawals, fees). */
    sourceType: varchar('source_type', { length: 16, enum: ledgerSourceTypes }),
    sourceId: integer('source_id'),
    sourceTitle: varchar('source_title', { length: 128 }),
    /** Who paid, where there is a buyer (a name or an account). */
    buyer: varchar('buyer', { length: 64 }),
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a pending entry becomes available. */
    settleDueAt: timestamp('settle_due_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    // The ledger page totals every filtered row: with the summed columns in the key (drizzle has
    // no INCLUDE), both the by-date and the by-kind reads are index-only scans, never the heap;
    // (created_at, id) is also the page's and the export's order.
    index('ledger_designer_created_idx').on(
      t.designerId,
      t.createdAt,
      t.id,
      t.amount,
      t.fee,
      t.net,
      t.kind,
      t.state,
    ),
    index('ledger_designer_kind_created_idx').on(
      t.designerId,
      t.kind,
      t.createdAt,
      t.id,
      t.amount,
      t.fee,
      t.net,
      t.state,
    ),
    // The amount and net sorts page by keyset on (column, id) (issue 21 item 3): without these a
    // page sorted by amount sorted every filtered row. Narrow on purpose (5,000,000 rows): a
    // cursor reads a page's worth of entries; only an offset jump with a filter visits the heap.
    index('ledger_designer_amount_idx').on(t.designerId, t.amount, t.id),
    index('ledger_designer_net_idx').on(t.designerId, t.net, t.id),
    index('ledger_designer_pending_idx').on(t.designerId, t.settleDueAt).where(sql`${t.state} = 'pending'`),
    index('ledger_designer_source_idx').on(t.designerId, t.sourceType, t.sourceId),
  ],
);

/**
 * Sums of the ledger per designer, business day (Asia/Shanghai, of `created_at`), kind and
 * state. Kept current by every ledger write in the same transaction; rebuilt from the ledger by
 * `rebuildLedgerRollups`. Statistics read these instead of the ledger.
 */
export const ledgerDailyRollups = pgTable(
  'ledger_daily_rollups',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 24, enum: ledgerKinds }).notNull(),
    state: varchar('state', { length: 16, enum: ledgerStates }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.day, t.kind, t.state] })],
);
