import { bigint, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
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

/** The vault ledger: one row per money event, amounts in integer fen. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('ledger_designer_created_idx').on(t.designerId, t.createdAt)],
);
