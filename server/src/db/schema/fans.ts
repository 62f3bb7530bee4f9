import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { platformUsers } from './courses.ts';

/**
 * A designer's fan. Everything the list filters and sorts on (and crowd packs compile rules
 * over) is a plain indexed column: gender, birth year, city, source, followed / active times,
 * total spent (fen) and order count — the last two kept up to date by order writes in the same
 * transaction, so the list never aggregates orders.
 * gender: male | female | unknown; source: video | course | boutique | recruitment | import.
 * `platform_user_id` links the fan to the platform user they are (a course buyer), once per
 * designer: their course purchases are the fan's traded courses and crowd packs' "bought a course".
 */
export const fans = pgTable(
  'fans',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: varchar('avatar', { length: 1000 }).notNull().default(''),
    gender: varchar('gender', { length: 8 }).notNull().default('unknown'),
    birthYear: smallint('birth_year'),
    /** A city code of the shipped region list (`440100`), or empty when unknown. */
    cityCode: varchar('city_code', { length: 6 }).notNull().default(''),
    source: varchar('source', { length: 16 }).notNull(),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    platformUserId: integer('platform_user_id').references(() => platformUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('fans_designer_followed_idx').on(t.designerId, t.followedAt, t.id),
    index('fans_designer_active_idx').on(t.designerId, t.lastActiveAt, t.id),
    index('fans_designer_spent_idx').on(t.designerId, t.totalSpent, t.id),
    index('fans_designer_orders_idx').on(t.designerId, t.orderCount, t.id),
    index('fans_designer_birth_idx').on(t.designerId, t.birthYear),
    // The age sorts page by keyset on (key, id) (issue 21 item 3), unknown ages last in both
    // directions: one expression per direction, as modules/fans/filter.ts `fanKeysetSort` writes it.
    // The birth year rides at the end so that a jump by page number walks the index alone (an
    // expression alone cannot answer an index-only scan): without it page 25,000 of a million
    // fans sorted by age read the table for every fan skipped, 1.5 s.
    index('fans_designer_age_up_idx').on(
      t.designerId,
      sql`coalesce(-(${t.birthYear})::int, 1000000)`,
      t.id,
      t.birthYear,
    ),
    index('fans_designer_age_down_idx').on(
      t.designerId,
      sql`coalesce(-(${t.birthYear})::int, -1000000)`,
      t.id,
      t.birthYear,
    ),
    index('fans_designer_city_idx').on(t.designerId, t.cityCode),
    index('fans_designer_source_idx').on(t.designerId, t.source),
    // A live count reads the designer's fans in id order, a short statement per slice
    // (crowd-packs/chunked-count.ts): each slice is one range of this index.
    index('fans_designer_id_idx').on(t.designerId, t.id),
    uniqueIndex('fans_designer_platform_user_key').on(t.designerId, t.platformUserId),
    index('fans_platform_user_idx').on(t.platformUserId),
    // The list's keyword (nickname contains…, ILIKE '%…%') on the pg_trgm extension: a GIN index of
    // trigrams answers keywords of 3+ characters without reading every fan.
    index('fans_nickname_trgm_idx').using('gin', t.nickname.op('gin_trgm_ops')),
  ],
);

/**
 * How many times each kind of a designer's fan data that crowd-pack rules read has changed
 * (issue 17 item 6): `kind` tags | impressions | orders | measurements | wardrobe
 * (db/fan-data-versions.ts). Every write of that data adds one to its row in the same
 * transaction; a pack stores the versions it was computed at (`crowd_packs.data_versions`) and
 * is stale once a kind its rule reads has moved on. A missing row is version 0.
 */
export const fanDataVersions = pgTable(
  'fan_data_versions',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.kind] })],
);

/**
 * A fan's body measurements: lengths in millimetres, weight in grams (integers; the wire speaks
 * cm and kg with one decimal). One row per fan; a null is "not measured".
 */
export const fanMeasurements = pgTable('fan_measurements', {
  fanId: integer('fan_id')
    .primaryKey()
    .references(() => fans.id, { onDelete: 'cascade' }),
  heightMm: integer('height_mm'),
  weightG: integer('weight_g'),
  bustMm: integer('bust_mm'),
  waistMm: integer('waist_mm'),
  hipMm: integer('hip_mm'),
  shoulderMm: integer('shoulder_mm'),
  sleeveMm: integer('sleeve_mm'),
  inseamMm: integer('inseam_mm'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A garment in a fan's wardrobe; source purchase | manual. */
export const fanWardrobeItems = pgTable(
  'fan_wardrobe_items',
  {
    id: serial('id').primaryKey(),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 16 }).notNull(),
    size: varchar('size', { length: 8 }).notNull(),
    color: varchar('color', { length: 16 }).notNull().default(''),
    imageUrl: varchar('image_url', { length: 1000 }).notNull().default(''),
    source: varchar('source', { length: 16 }).notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A crowd-pack `wardrobe` condition probes one fan's items by category and size (compile.ts):
    // one descent per fan, never a scan of every item of a category for each fan.
    index('fan_wardrobe_fan_category_size_idx').on(t.fanId, t.category, sql`lower(${t.size})`),
    index('fan_wardrobe_category_size_idx').on(t.category, t.size),
  ],
);

/** A photo of a fan with its labels (正面, 试穿…). */
export const fanImages = pgTable(
  'fan_images',
  {
    id: serial('id').primaryKey(),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 1000 }).notNull(),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fan_images_fan_idx').on(t.fanId)],
);

/** The fan's timeline: follow, video, course, purchase, message, tag… (kind) with a line of text. */
export const fanInteractions = pgTable(
  'fan_interactions',
  {
    id: serial('id').primaryKey(),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    text: varchar('text', { length: 200 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fan_interactions_fan_at_idx').on(t.fanId, t.at)],
);
