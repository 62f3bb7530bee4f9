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

/** A designer's group of tags (标签分类), e.g. 风格偏好, 身材特征. Name unique per designer. */
export const tagClassifications = pgTable(
  'tag_classifications',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 15 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('tag_classifications_designer_name_key').on(t.designerId, sql`lower(${t.name})`)],
);

/**
 * A fan tag: name unique within its classification, a colour `#rrggbb`. At most 100 per designer
 * (enforced by the tags service under the designer's tag lock).
 */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    classificationId: integer('classification_id')
      .notNull()
      .references(() => tagClassifications.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 15 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tags_designer_idx').on(t.designerId),
    uniqueIndex('tags_classification_name_key').on(t.classificationId, sql`lower(${t.name})`),
  ],
);

/**
 * Which fan carries which tag (at most 20 per fan). The primary key (fan, tag) answers "tags of
 * a fan" and the any/all/none filters' per-fan EXISTS; (tag, fan) answers "fans with a tag".
 */
export const fanTags = pgTable(
  'fan_tags',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fanId, t.tagId] }), index('fan_tags_tag_fan_idx').on(t.tagId, t.fanId)],
);
