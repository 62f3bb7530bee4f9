import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
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
 * A crowd pack (issue 8). `kind` rule | combined; `definition` is the rule tree (rule) or the
 * combination (combined) exactly as the contract's schema parsed it. `state` computing | ready |
 * failed; `size`, `all_fans` and `data_versions` are the figures of the last computation. Daily
 * packs are picked by the scheduler when `next_refresh_at` has passed (row lease: FOR UPDATE SKIP
 * LOCKED).
 */
export const crowdPacks = pgTable(
  'crowd_packs',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    definition: jsonb('definition').$type<unknown>().notNull(),
    refreshMode: varchar('refresh_mode', { length: 8 }).notNull().default('manual'),
    state: varchar('state', { length: 10 }).notNull().default('computing'),
    failure: varchar('failure', { length: 200 }).notNull().default(''),
    size: integer('size').notNull().default(0),
    allFans: integer('all_fans').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }),
    /**
     * The designer's fan data versions (`fan_data_versions`, every kind) the last computation
     * read; `{}` before one (or before the versions existed): a rule reading any kind is stale.
     */
    dataVersions: jsonb('data_versions').$type<Record<string, number>>().notNull().default({}),
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('crowd_packs_designer_name_key').on(t.designerId, sql`lower(${t.name})`),
    index('crowd_packs_designer_updated_idx').on(t.designerId, t.updatedAt, t.id),
    index('crowd_packs_due_idx').on(t.refreshMode, t.nextRefreshAt),
  ],
);

/**
 * The rule packs a combined pack uses. Deleting a source is refused by the service while a row
 * points at it (the pack row is locked FOR UPDATE there, and a combined pack being saved holds
 * its sources FOR SHARE); the cascade only serves deleting a whole designer.
 */
export const crowdPackSources = pgTable(
  'crowd_pack_sources',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => crowdPacks.id, { onDelete: 'cascade' }),
    sourcePackId: integer('source_pack_id')
      .notNull()
      .references(() => crowdPacks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.packId, t.sourcePackId] }),
    index('crowd_pack_sources_source_idx').on(t.sourcePackId),
  ],
);

/** A pack's materialised membership (its snapshot), replaced whole by each computation. */
export const crowdPackMembers = pgTable(
  'crowd_pack_members',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => crowdPacks.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.packId, t.fanId] }),
    // A fan's packs in one index-only descent: combination counts look them up fan by fan.
    index('crowd_pack_members_fan_pack_idx').on(t.fanId, t.packId),
  ],
);

/** One computation's size: the detail's size history. */
export const crowdPackSizes = pgTable(
  'crowd_pack_sizes',
  {
    id: serial('id').primaryKey(),
    packId: integer('pack_id')
      .notNull()
      .references(() => crowdPacks.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('crowd_pack_sizes_pack_at_idx').on(t.packId, t.computedAt)],
);
