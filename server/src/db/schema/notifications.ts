import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { designers, sessions } from './accounts.ts';

export const notificationTypeValues = ['contract', 'invoice', 'meeting'] as const;
export const notificationQualityValues = ['high', 'middle', 'low'] as const;

/**
 * A designer's notification messages (spec section 3), kept persistently.
 * `unread` is the spec's `status` (true = unread). Rows go with their designer.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 500 }).notNull(),
    type: varchar('type', { length: 16, enum: notificationTypeValues }).notNull(),
    quality: varchar('quality', { length: 8, enum: notificationQualityValues }).notNull(),
    unread: boolean('unread').notNull().default(true),
    collected: boolean('collected').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_designer_created_idx').on(t.designerId, t.createdAt.desc()),
    // The unread badge is read on every page: count it from a small partial index.
    index('notifications_designer_unread_idx').on(t.designerId).where(sql`${t.unread}`),
  ],
);

/**
 * One-use tickets that open the notification stream: EventSource sends no headers, and a URL
 * ends up in logs and proxies, so the stream's URL carries one of these instead of the session
 * token. A ticket lives 60 s and is deleted as it is used; only its SHA-256 is kept. Shared by
 * every instance through the database. Rows go with their session.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
