import type { CourseCategory, CourseItem } from '@dc/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { courseChapters, courseLessons, coursePurchases, courses } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { toWireDateTime } from '../../http/wire-time.ts';

/**
 * The outer row's `courses.id`, always qualified: drizzle leaves columns unqualified in a
 * one-table select, where `id` inside a subquery would name the subquery's own table.
 */
const outerCourseId = sql`${sql.identifier('courses')}.${sql.identifier('id')}`;

/**
 * Figures of a course computed from its rows, as correlated subqueries on `courses`: the
 * purchases are the one record of students, revenue and ratings, so nothing can drift.
 */
export const courseFigures = {
  students:
    sql<number>`(select count(*) from ${coursePurchases} where ${coursePurchases.courseId} = ${outerCourseId})`.mapWith(
      Number,
    ),
  revenue:
    sql<number>`(select coalesce(sum(${coursePurchases.pricePaid}), 0)::bigint from ${coursePurchases} where ${coursePurchases.courseId} = ${outerCourseId})`.mapWith(
      Number,
    ),
  /** Mean stars to one decimal, as text (numeric arrives differently per driver); null before any. */
  rating: sql<
    string | null
  >`(select round(avg(${coursePurchases.rating})::numeric, 1)::text from ${coursePurchases} where ${coursePurchases.courseId} = ${outerCourseId})`,
  ratingCount:
    sql<number>`(select count(${coursePurchases.rating}) from ${coursePurchases} where ${coursePurchases.courseId} = ${outerCourseId})`.mapWith(
      Number,
    ),
  chapterCount:
    sql<number>`(select count(*) from ${courseChapters} where ${courseChapters.courseId} = ${outerCourseId})`.mapWith(
      Number,
    ),
  lessonCount:
    sql<number>`(select count(*) from ${courseLessons} where ${courseLessons.courseId} = ${outerCourseId})`.mapWith(
      Number,
    ),
};

export const courseItemColumns = {
  id: courses.id,
  title: courses.title,
  coverUrl: courses.coverUrl,
  summary: courses.summary,
  category: courses.category,
  price: courses.price,
  originalPrice: courses.originalPrice,
  status: courses.status,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  ...courseFigures,
};

interface CourseItemRow {
  id: number;
  title: string;
  coverUrl: string;
  summary: string;
  category: string;
  price: number;
  originalPrice: number;
  status: CourseItem['status'];
  createdAt: Date;
  updatedAt: Date;
  students: number;
  revenue: number;
  rating: string | null;
  ratingCount: number;
  chapterCount: number;
  lessonCount: number;
}

export const toCourseItem = (row: CourseItemRow): CourseItem => ({
  ...row,
  category: row.category as CourseCategory,
  rating: row.rating === null ? null : Number(row.rating),
  createdAt: toWireDateTime(row.createdAt),
  updatedAt: toWireDateTime(row.updatedAt),
});

export const ownCourseCondition = (designerId: number, courseId: number) =>
  and(eq(courses.id, courseId), eq(courses.designerId, designerId));

/** The designer's own course with its figures; another designer's (or no) course is 40400. */
export async function ownCourseItem(db: Database, designerId: number, courseId: number): Promise<CourseItem> {
  const [row] = await db
    .select(courseItemColumns)
    .from(courses)
    .where(ownCourseCondition(designerId, courseId));
  if (!row) throw notFound();
  return toCourseItem(row);
}

/** Locks the designer's own course row for the transaction; 40400 when it is not theirs. */
export async function lockOwnCourse(tx: Database, designerId: number, courseId: number) {
  const [row] = await tx.select().from(courses).where(ownCourseCondition(designerId, courseId)).for('update');
  if (!row) throw notFound();
  return row;
}
