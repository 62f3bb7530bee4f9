import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { fans } from './fans.ts';

/**
 * A designer's impression word about fans (粉丝印象: 爱穿旗袍, 偏爱亚麻): at most 12 characters,
 * unique per designer case-insensitively. At most 200 per designer (counted by the impressions
 * service under the designer's lock).
 */
export const impressions = pgTable(
  'impressions',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    word: varchar('word', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('impressions_designer_word_key').on(t.designerId, sql`lower(${t.word})`)],
);

/**
 * Which fan carries which impression (at most 20 per fan). (fan, impression) answers "a fan's
 * impressions" and crowd packs' EXISTS; (impression, fan) answers "fans of a word" and counts.
 */
export const fanImpressions = pgTable(
  'fan_impressions',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    impressionId: integer('impression_id')
      .notNull()
      .references(() => impressions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fanId, t.impressionId] }),
    index('fan_impressions_impression_fan_idx').on(t.impressionId, t.fanId),
  ],
);
