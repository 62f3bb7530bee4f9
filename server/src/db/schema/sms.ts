import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

export const smsPurposeValues = [
  'login',
  'register',
  'bind-phone',
  'change-phone-old',
  'reset-password',
] as const;

/**
 * Verification codes. Only an HMAC of each code is stored (keyed by a per-row salt, over phone,
 * purpose and code). A code is spent when `consumed_at` is set (used, or replaced by a newer
 * one) and locked once `attempts` reaches the limit.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 24, enum: smsPurposeValues }).notNull(),
    /** For `bind-phone` and `change-phone-old`: the account that asked; only it can use the code. */
    designerId: integer('designer_id').references(() => designers.id, { onDelete: 'cascade' }),
    salt: varchar('salt', { length: 32 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_codes_phone_purpose_idx').on(t.phone, t.purpose, t.createdAt.desc()),
    index('sms_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What the default SMS sender (SMS_PROVIDER=outbox) "sent": the operator of a self-hosted
 * install reads it at /designerapi/v1/dev/outbox (loopback only) or with `npm run admin -- outbox`.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 24, enum: smsPurposeValues }).notNull(),
    text: varchar('text', { length: 300 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sms_outbox_phone_created_idx').on(t.phone, t.createdAt.desc())],
);
