import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

export const scanPurposeValues = ['login', 'bind'] as const;
/**
 * pending → scanned (the phone opened the page) → confirmed (the OAuth callback named the
 * openid) → registering (an unknown openid got a resigner_id) → consumed (logged in, registered
 * or bound). Expiry is computed from the timestamps, not stored.
 */
export const scanStateValues = ['pending', 'scanned', 'confirmed', 'registering', 'consumed'] as const;
export const oauthProviderValues = ['builtin', 'wechat'] as const;

/**
 * Scan-code tickets; only SHA-256 hashes of the ticket, of its poll secret and of the resigner_id
 * are stored. The ticket is the public id the QR code carries; the poll secret went to the PC that
 * created the ticket only, and polling needs it (the scan login belongs to that browser).
 */
export const scanTickets = pgTable(
  'scan_tickets',
  {
    id: serial('id').primaryKey(),
    ticketHash: varchar('ticket_hash', { length: 64 }).notNull(),
    /** Null only on tickets made before poll secrets existed: those can no longer be polled. */
    pollSecretHash: varchar('poll_secret_hash', { length: 64 }),
    purpose: varchar('purpose', { length: 8, enum: scanPurposeValues }).notNull(),
    /** A `bind` ticket's account (the session that created it). */
    designerId: integer('designer_id').references(() => designers.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 12, enum: scanStateValues }).notNull().default('pending'),
    provider: varchar('provider', { length: 16, enum: oauthProviderValues }).notNull(),
    openid: varchar('openid', { length: 128 }),
    resignerHash: varchar('resigner_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scan_tickets_ticket_hash_key').on(t.ticketHash),
    uniqueIndex('scan_tickets_resigner_hash_key').on(t.resignerHash),
    index('scan_tickets_expires_idx').on(t.expiresAt),
  ],
);

/** One-time authorization codes of the built-in WeChat stand-in (what WeChat's OAuth issues). */
export const builtinOauthCodes = pgTable(
  'builtin_oauth_codes',
  {
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    /** The scan ticket the code was issued for (its hash): the code works only with that state. */
    ticketHash: varchar('ticket_hash', { length: 64 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('builtin_oauth_codes_expires_idx').on(t.expiresAt)],
);

/** A designer's WeChat: at most one per account, and an openid belongs to one account only. */
export const wechatBindings = pgTable(
  'wechat_bindings',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16, enum: oauthProviderValues }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wechat_bindings_designer_key').on(t.designerId),
    uniqueIndex('wechat_bindings_openid_key').on(t.provider, t.openid),
  ],
);
