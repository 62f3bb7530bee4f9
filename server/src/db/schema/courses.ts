import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';
import { videos } from './videos.ts';

export const courseStatuses = ['draft', 'on_sale', 'off_shelf'] as const;
export const lessonKinds = ['video', 'text'] as const;

/**
 * An end user of the platform (the app's shoppers and learners). Not owned by a designer: one
 * user buys from many designers, so buyers are not `members` (a designer's bindings, deleted
 * on unbind, which would take the purchase history with them).
 */
export const platformUsers = pgTable('platform_users', {
  id: serial('id').primaryKey(),
  nickname: varchar('nickname', { length: 32 }).notNull(),
  avatar: varchar('avatar', { length: 1024 }).notNull().default(''),
  /** Stored masked (`138****0001`): the console never needs the full number. */
  phoneMasked: varchar('phone_masked', { length: 20 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A course a designer sells. Students, revenue and rating are not kept here: they are computed
 * from `course_purchases`, the one record of who bought what, so they can never drift from it.
 */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    coverUrl: varchar('cover_url', { length: 1024 }).notNull().default(''),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    category: varchar('category', { length: 16 }).notNull(),
    /** Integer fen. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    status: varchar('status', { length: 16, enum: courseStatuses }).notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('courses_designer_created_idx').on(t.designerId, t.createdAt),
    check('courses_price_check', sql`${t.price} >= 0 and ${t.originalPrice} >= ${t.price}`),
  ],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId, t.position)],
);

/**
 * A lesson: a video of the same designer, or a text. `course_id` repeats the chapter's course so
 * that lesson counts need no join. A deleted video leaves the lesson without one (set null): the
 * course cannot go on sale again until the lesson gets a published video.
 */
export const courseLessons = pgTable(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    position: integer('position').notNull(),
    kind: varchar('kind', { length: 8, enum: lessonKinds }).notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    textBody: text('text_body').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
  },
  (t) => [
    index('course_lessons_chapter_idx').on(t.chapterId, t.position),
    index('course_lessons_course_idx').on(t.courseId),
    index('course_lessons_video_idx').on(t.videoId),
  ],
);

/** One user's purchase of one course (once per user and course); the price paid in fen. */
export const coursePurchases = pgTable(
  'course_purchases',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => platformUsers.id),
    pricePaid: integer('price_paid').notNull(),
    boughtAt: timestamp('bought_at', { withTimezone: true }).notNull(),
    lastStudiedAt: timestamp('last_studied_at', { withTimezone: true }),
    /** The buyer's rating, 1 to 5 stars; null until rated. */
    rating: smallint('rating'),
  },
  (t) => [
    uniqueIndex('course_purchases_course_buyer_key').on(t.courseId, t.buyerId),
    index('course_purchases_course_bought_idx').on(t.courseId, t.boughtAt),
    index('course_purchases_buyer_idx').on(t.buyerId),
    check('course_purchases_price_check', sql`${t.pricePaid} >= 0`),
    check('course_purchases_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/** A lesson a buyer has completed; progress = these rows ÷ the course's lessons. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => coursePurchases.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseId, t.lessonId] }),
    index('lesson_completions_lesson_idx').on(t.lessonId),
  ],
);
