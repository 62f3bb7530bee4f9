import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const accountStatus = ['active', 'pending_review', 'frozen'] as const;
export type AccountStatus = (typeof accountStatus)[number];

/** A designer's account: the tenant every designer-owned row points to. */
export const designers = pgTable(
  'designers',
  {
    id: serial('id').primaryKey(),
    account: varchar('account', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash').notNull(),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    pic: varchar('pic', { length: 1024 }).notNull().default(''),
    description: text('description').notNull().default(''),
    status: varchar('status', { length: 16, enum: accountStatus }).notNull().default('active'),
    newlyRegister: boolean('newly_register').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: sessions of a deleted account answer 20005 rather than vanishing. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('designers_account_key').on(sql`lower(${t.account})`),
    uniqueIndex('designers_phone_key').on(t.phone),
  ],
);

/** Sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    persistent: boolean('persistent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set at logout (or when superseded); the token then answers 20003. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: varchar('end_reason', { length: 16 }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_designer_idx').on(t.designerId),
  ],
);
