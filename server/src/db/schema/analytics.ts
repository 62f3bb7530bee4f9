import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { courses } from './courses.ts';
import { videos } from './videos.ts';

/**
 * 数据分析 (issue 6 items 4–7). The daily rollups below are kept current by statement-level
 * triggers on the tables other areas write (`fans`, `fan_unfollows`, `boutique_orders`,
 * `course_purchases`; see the `analytics_triggers` migration), in the writer's own transaction,
 * so statistics never disagree with the rows and no other module has to know about them.
 * A day is a business day in Asia/Shanghai.
 */

/**
 * A fan who unfollowed the designer. `fans` holds only the fans who follow now (the fans area
 * has no "left" state), so a fan who leaves moves here, keeping what the lost-fans list shows.
 * `fan_ref` is the former `fans.id` (no foreign key: that row is gone).
 */
export const fanUnfollows = pgTable(
  'fan_unfollows',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    fanRef: integer('fan_ref'),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: varchar('avatar', { length: 1000 }).notNull().default(''),
    gender: varchar('gender', { length: 8 }).notNull().default('unknown'),
    source: varchar('source', { length: 16 }).notNull(),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
    unfollowedAt: timestamp('unfollowed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('fan_unfollows_designer_unfollowed_idx').on(t.designerId, t.unfollowedAt, t.id),
    check('fan_unfollows_order_check', sql`${t.unfollowedAt} >= ${t.followedAt}`),
  ],
);

/**
 * Per designer and business day: fans who started following that day (`followed`, whether they
 * still follow or left later) and fans who left (`unfollowed`). Fans at the end of day D =
 * Σ followed − Σ unfollowed of the days up to D.
 */
export const fanDailyRollups = pgTable(
  'fan_daily_rollups',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    followed: integer('followed').notNull().default(0),
    unfollowed: integer('unfollowed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.day] })],
);

/** Boutique orders per designer and business day of `created_at`: orders, pieces, Σ total (fen). */
export const boutiqueDailySales = pgTable(
  'boutique_daily_sales',
  {
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.designerId, t.day] })],
);

/**
 * Purchases per course and business day of `bought_at`: count, Σ price paid (fen), and the
 * ratings those purchases carry (Σ stars and how many rated). Goes with its course.
 */
export const courseDailyStats = pgTable(
  'course_daily_stats',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sales: integer('sales').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratings: integer('ratings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.day] })],
);

/**
 * Plays of a short video per business day, as the platform's player reports them: views,
 * likes, comments and plays watched to the end. The show ranking reads these for any period.
 */
export const videoDailyStats = pgTable(
  'video_daily_stats',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    completions: integer('completions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    index('video_daily_stats_designer_day_idx').on(t.designerId, t.day),
    check('video_daily_stats_completions_check', sql`${t.completions} <= ${t.views}`),
  ],
);
