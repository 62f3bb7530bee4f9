import type {
  Chapter,
  CourseDetail,
  CourseItem,
  CourseVideoOption,
  courseListQuerySchema,
  ListPage,
} from '@dc/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { courseChapters, courseLessons, courses, lessonCompletions, videos } from '../../db/schema/index.ts';
import { containsText } from '../../db/sql-helpers.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { courseFigures, courseItemColumns, ownCourseItem, toCourseItem } from './query.ts';

type ListQuery = z.output<typeof courseListQuerySchema>;

const sortColumns = {
  createdAt: courses.createdAt,
  sales: courseFigures.revenue,
  students: courseFigures.students,
  price: courses.price,
} as const;

/** `GET /courses`: the designer's courses filtered by status, category and title keyword. */
export async function listCourses(
  db: Database,
  designerId: number,
  query: ListQuery,
): Promise<ListPage<CourseItem>> {
  const where = and(
    eq(courses.designerId, designerId),
    query.status ? eq(courses.status, query.status) : undefined,
    query.category ? eq(courses.category, query.category) : undefined,
    query.keyword ? containsText(courses.title, query.keyword) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, query, () =>
    db
      .select(courseItemColumns)
      .from(courses)
      .where(where)
      .orderBy(direction(sortColumns[query.sortBy]), direction(courses.id)),
  );
  return {
    dataList: rows.map(toCourseItem),
    totalNumber,
    totalPages: totalPagesOf(totalNumber, query.pageSize),
  };
}

/** The chapters of a course with their lessons, both in order, and each lesson's completions. */
export async function chaptersOf(db: Database, courseId: number): Promise<Chapter[]> {
  const chapterRows = await db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.position), asc(courseChapters.id));
  const lessonRows = await db
    .select({
      id: courseLessons.id,
      chapterId: courseLessons.chapterId,
      title: courseLessons.title,
      kind: courseLessons.kind,
      videoId: courseLessons.videoId,
      videoTitle: videos.title,
      videoStatus: videos.status,
      textBody: courseLessons.textBody,
      durationSeconds: courseLessons.durationSeconds,
      completions:
        sql<number>`(select count(*) from ${lessonCompletions} where ${lessonCompletions.lessonId} = ${courseLessons.id})`.mapWith(
          Number,
        ),
    })
    .from(courseLessons)
    .leftJoin(videos, eq(videos.id, courseLessons.videoId))
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
  return chapterRows.map((chapter) => ({
    id: chapter.id,
    title: chapter.title,
    lessons: lessonRows
      .filter((lesson) => lesson.chapterId === chapter.id)
      .map(({ chapterId: _chapter, ...lesson }) => lesson),
  }));
}

/** `GET /courses/:id`: the course, its figures and its chapters and lessons. */
export async function getCourse(db: Database, designerId: number, courseId: number): Promise<CourseDetail> {
  const item = await ownCourseItem(db, designerId, courseId);
  return { ...item, chapters: await chaptersOf(db, courseId) };
}

/** `GET /courses/video-options`: the designer's published videos, newest first. */
export async function videoOptions(db: Database, designerId: number): Promise<CourseVideoOption[]> {
  return db
    .select({ id: videos.id, title: videos.title, durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(and(eq(videos.designerId, designerId), eq(videos.status, 'published')))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(500);
}

/** The designer's videos among `ids`: id → status and duration. */
export async function videosOf(db: Database, designerId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { status: string; durationSeconds: number | null }>();
  const rows = await db
    .select({ id: videos.id, status: videos.status, durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(and(eq(videos.designerId, designerId), inArray(videos.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}
