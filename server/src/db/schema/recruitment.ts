import { boolean, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { tags } from './tags.ts';

/**
 * 招募设置: one row per designer once the page is opened. `slug` is the public page's random
 * token (`/recruit/{slug}`), never the designer's id; the page answers only while `enabled`.
 */
export const recruitmentSettings = pgTable(
  'recruitment_settings',
  {
    designerId: integer('designer_id')
      .primaryKey()
      .references(() => designers.id, { onDelete: 'cascade' }),
    slug: varchar('slug', { length: 16 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    welcome: varchar('welcome', { length: 200 }).notNull().default(''),
    benefit: varchar('benefit', { length: 200 }).notNull().default(''),
    coverUrl: varchar('cover_url', { length: 1000 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('recruitment_settings_slug_key').on(t.slug)],
);

/** Tags every recruited fan gets (at most 20, a fan's limit); a deleted tag leaves the list. */
export const recruitmentAutoTags = pgTable(
  'recruitment_auto_tags',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => recruitmentSettings.designerId, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.tagId] })],
);

/**
 * Visits of the public page and fans recruited through it, per channel (poster | link | video |
 * course, from the link's `?ch=`): counters kept by the public calls in their transactions.
 */
export const recruitmentChannelStats = pgTable(
  'recruitment_channel_stats',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 16 }).notNull(),
    visits: integer('visits').notNull().default(0),
    follows: integer('follows').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.channel] })],
);
