import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the rate limits (sendCode, login…), in the database so that every
 * server instance counts the same: one row per bucket (the rule) and key (a phone, an IP…).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: varchar('bucket', { length: 32 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
