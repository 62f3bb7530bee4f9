import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Who did what and when (issue 11 item 4): sign-ins, binding changes, money operations, exports
 * and deletions, each written in the transaction of the change it records. Append-only: no
 * API updates or deletes a row, and a trigger (migration `audit_append_only`) refuses UPDATE,
 * DELETE and TRUNCATE. No foreign key: an event outlives what it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    /** The designer the event belongs to; null for a failed sign-in of an unknown account. */
    designerId: integer('designer_id'),
    /** `designer` (through a session or a sign-in) or `operator` (the admin CLI). */
    actor: varchar('actor', { length: 16 }).notNull(),
    /** The session that acted (for a sign-in: the session it created). */
    actorSessionId: integer('actor_session_id'),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 40 }),
    targetId: varchar('target_id', { length: 64 }),
    /** One line for people, in English (the UI labels the action in the reader's language). */
    summary: varchar('summary', { length: 300 }).notNull(),
    clientIp: varchar('client_ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('audit_events_designer_time').on(table.designerId, table.occurredAt.desc(), table.id.desc()),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
