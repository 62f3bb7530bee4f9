import { type CourseDetail, type courseBodySchema, ErrorCode, type LessonOrderBody } from '@dc/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { courseChapters, courseLessons, courses } from '../../db/schema/index.ts';
import { ApiError, type ServerFieldError, validationError } from '../../http/api-error.ts';
import { recordDeletion } from '../audit/index.ts';
import { type ImageCheckCtx, keptImageUrl } from '../image-files/index.ts';
import { coursesMessages } from './messages.ts';
import { lockOwnCourse, ownCourseItem } from './query.ts';
import { chaptersOf, getCourse, videosOf } from './service.ts';

type Body = z.output<typeof courseBodySchema>;
type VideoFacts = Awaited<ReturnType<typeof videosOf>>;

const PUBLISHED = 'published';
const byNumber = (a: number, b: number) => a - b;

/** 40000 for each video lesson whose video is not a published video of this designer. */
function videoProblems(
  chapters: { lessons: { kind: string; videoId?: number | null }[] }[],
  known: VideoFacts,
): ServerFieldError[] {
  const errors: ServerFieldError[] = [];
  for (const [c, chapter] of chapters.entries()) {
    for (const [l, lesson] of chapter.lessons.entries()) {
      if (lesson.kind !== 'video') continue;
      const path = `chapters.${c}.lessons.${l}.videoId`;
      const video = lesson.videoId ? known.get(lesson.videoId) : undefined;
      if (!video) errors.push({ path, message: coursesMessages.chooseYourVideo });
      else if (video.status !== PUBLISHED) errors.push({ path, message: coursesMessages.videoNotPublished });
    }
  }
  return errors;
}

const videoIdsOf = (chapters: { lessons: { kind: string; videoId?: number | null }[] }[]) => [
  ...new Set(
    chapters.flatMap((c) => c.lessons.flatMap((l) => (l.kind === 'video' && l.videoId ? [l.videoId] : []))),
  ),
];

const lessonCountOf = (chapters: { lessons: unknown[] }[]) =>
  chapters.reduce((sum, chapter) => sum + chapter.lessons.length, 0);

const NEEDS_A_LESSON: ServerFieldError = {
  path: 'chapters',
  message: coursesMessages.needsALesson,
};

/** Ids in the body must be this course's chapters and lessons, each named once. */
async function idProblems(tx: Database, courseId: number, body: Body): Promise<ServerFieldError[]> {
  const ownChapters = new Set(
    (
      await tx
        .select({ id: courseChapters.id })
        .from(courseChapters)
        .where(eq(courseChapters.courseId, courseId))
    ).map((r) => r.id),
  );
  const ownLessons = new Set(
    (
      await tx
        .select({ id: courseLessons.id })
        .from(courseLessons)
        .where(eq(courseLessons.courseId, courseId))
    ).map((r) => r.id),
  );
  const errors: ServerFieldError[] = [];
  const seenChapters = new Set<number>();
  const seenLessons = new Set<number>();
  body.chapters.forEach((chapter, c) => {
    if (chapter.id !== undefined) {
      if (!ownChapters.has(chapter.id) || seenChapters.has(chapter.id)) {
        errors.push({ path: `chapters.${c}.id`, message: coursesMessages.notChapterOfCourse });
      }
      seenChapters.add(chapter.id);
    }
    chapter.lessons.forEach((lesson, l) => {
      if (lesson.id === undefined) return;
      if (!ownLessons.has(lesson.id) || seenLessons.has(lesson.id)) {
        errors.push({ path: `chapters.${c}.lessons.${l}.id`, message: coursesMessages.notLessonOfCourse });
      }
      seenLessons.add(lesson.id);
    });
  });
  return errors;
}

/** Writes the chapters and lessons of `body` in order, keeping the rows named by id. */
async function writeOutline(tx: Database, courseId: number, body: Body, known: VideoFacts) {
  const keptChapters: number[] = [];
  const keptLessons: number[] = [];
  for (const [c, chapter] of body.chapters.entries()) {
    let chapterId = chapter.id;
    if (chapterId === undefined) {
      const [row] = await tx
        .insert(courseChapters)
        .values({ courseId, title: chapter.title, position: c })
        .returning({ id: courseChapters.id });
      chapterId = row!.id;
    } else {
      await tx
        .update(courseChapters)
        .set({ title: chapter.title, position: c })
        .where(eq(courseChapters.id, chapterId));
    }
    keptChapters.push(chapterId);
    for (const [l, lesson] of chapter.lessons.entries()) {
      const isVideo = lesson.kind === 'video';
      const fields = {
        courseId,
        chapterId,
        title: lesson.title,
        position: l,
        kind: lesson.kind,
        videoId: isVideo ? (lesson.videoId ?? null) : null,
        textBody: isVideo ? '' : lesson.textBody,
        durationSeconds: isVideo
          ? (known.get(lesson.videoId ?? 0)?.durationSeconds ?? 0)
          : lesson.durationSeconds,
      };
      if (lesson.id === undefined) {
        const [row] = await tx.insert(courseLessons).values(fields).returning({ id: courseLessons.id });
        keptLessons.push(row!.id);
      } else {
        await tx.update(courseLessons).set(fields).where(eq(courseLessons.id, lesson.id));
        keptLessons.push(lesson.id);
      }
    }
  }
  // Lessons first: a kept lesson may have moved out of a chapter that goes now.
  await tx
    .delete(courseLessons)
    .where(
      and(
        eq(courseLessons.courseId, courseId),
        keptLessons.length ? notInArray(courseLessons.id, keptLessons) : undefined,
      ),
    );
  await tx
    .delete(courseChapters)
    .where(
      and(
        eq(courseChapters.courseId, courseId),
        keptChapters.length ? notInArray(courseChapters.id, keptChapters) : undefined,
      ),
    );
}

/**
 * The cover as the course keeps it: an uploaded image by its lasting address, an outside http(s)
 * picture as sent (40000 on `coverUrl` otherwise). For `PUT`, another designer's course stays a
 * 40400 whatever the cover: the course is checked first.
 */
export async function keepCourseCover(ctx: ImageCheckCtx, body: Body, courseId?: number): Promise<Body> {
  if (courseId !== undefined) await ownCourseItem(ctx.db, ctx.designerId, courseId);
  return { ...body, coverUrl: await keptImageUrl(ctx, body.coverUrl, 'coverUrl', 'uploadsOrOutside') };
}

const basicsOf = (body: Body) => ({
  title: body.title,
  coverUrl: body.coverUrl,
  summary: body.summary,
  category: body.category,
  price: body.price,
  originalPrice: body.originalPrice,
});

/** `POST /courses`: a new draft with its chapters and lessons. */
export async function createCourse(
  db: Database,
  designerId: number,
  body: Body,
  now: Date,
): Promise<CourseDetail> {
  const courseId = await db.transaction(async (tx) => {
    const known = await videosOf(tx, designerId, videoIdsOf(body.chapters));
    const problems = videoProblems(body.chapters, known);
    if (problems.length) throw validationError(problems);
    const [row] = await tx
      .insert(courses)
      .values({ designerId, ...basicsOf(body), status: 'draft', createdAt: now, updatedAt: now })
      .returning({ id: courses.id });
    const noIds = {
      ...body,
      chapters: body.chapters.map(({ id: _c, ...chapter }) => ({
        ...chapter,
        lessons: chapter.lessons.map(({ id: _l, ...lesson }) => lesson),
      })),
    };
    await writeOutline(tx, row!.id, noIds, known);
    return row!.id;
  });
  return getCourse(db, designerId, courseId);
}

/**
 * `PUT /courses/:id`: replaces basics and outline. A course on sale must keep at least one
 * lesson and only published videos.
 */
export async function updateCourse(
  db: Database,
  designerId: number,
  courseId: number,
  body: Body,
  now: Date,
): Promise<CourseDetail> {
  await db.transaction(async (tx) => {
    const course = await lockOwnCourse(tx, designerId, courseId);
    const known = await videosOf(tx, designerId, videoIdsOf(body.chapters));
    const problems = [...(await idProblems(tx, courseId, body)), ...videoProblems(body.chapters, known)];
    if (course.status === 'on_sale' && lessonCountOf(body.chapters) === 0) problems.push(NEEDS_A_LESSON);
    if (problems.length) throw validationError(problems);
    await tx
      .update(courses)
      .set({ ...basicsOf(body), updatedAt: now })
      .where(eq(courses.id, courseId));
    await writeOutline(tx, courseId, body, known);
  });
  return getCourse(db, designerId, courseId);
}

/** `POST /courses/:id/on-sale`: from draft or off shelf; needs a lesson and published videos. */
export async function putOnSale(db: Database, designerId: number, courseId: number, now: Date) {
  await db.transaction(async (tx) => {
    const course = await lockOwnCourse(tx, designerId, courseId);
    if (course.status === 'on_sale') throw new ApiError(ErrorCode.conflict, coursesMessages.alreadyOnSale);
    const chapters = await chaptersOf(tx, courseId);
    const known = await videosOf(tx, designerId, videoIdsOf(chapters));
    const problems = videoProblems(chapters, known);
    if (lessonCountOf(chapters) === 0) problems.unshift(NEEDS_A_LESSON);
    if (problems.length) throw validationError(problems);
    await tx.update(courses).set({ status: 'on_sale', updatedAt: now }).where(eq(courses.id, courseId));
  });
  return getCourse(db, designerId, courseId);
}

/** `POST /courses/:id/off-shelf`: only a course on sale; buyers keep what they bought. */
export async function takeOffShelf(db: Database, designerId: number, courseId: number, now: Date) {
  await db.transaction(async (tx) => {
    const course = await lockOwnCourse(tx, designerId, courseId);
    if (course.status !== 'on_sale') throw new ApiError(ErrorCode.conflict, coursesMessages.notOnSale);
    await tx.update(courses).set({ status: 'off_shelf', updatedAt: now }).where(eq(courses.id, courseId));
  });
  return getCourse(db, designerId, courseId);
}

/** `DELETE /courses/:id`: drafts only (a course once on sale has buyers to answer to). */
export async function deleteDraft(db: Database, designerId: number, courseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await lockOwnCourse(tx, designerId, courseId);
    if (course.status !== 'draft') {
      throw new ApiError(ErrorCode.conflict, coursesMessages.onlyDraftDeleted);
    }
    await tx.delete(courses).where(eq(courses.id, courseId));
    await recordDeletion(tx, designerId, { type: 'course', id: courseId, label: course.title }, new Date());
  });
}

/** `PUT /courses/:id/lesson-order`: every chapter and lesson of the course, in the new order. */
export async function reorderLessons(
  db: Database,
  designerId: number,
  courseId: number,
  body: LessonOrderBody,
  now: Date,
): Promise<CourseDetail> {
  await db.transaction(async (tx) => {
    await lockOwnCourse(tx, designerId, courseId);
    const chapters = await chaptersOf(tx, courseId);
    const ownChapters = chapters.map((c) => c.id).sort(byNumber);
    const ownLessons = chapters.flatMap((c) => c.lessons.map((l) => l.id)).sort(byNumber);
    const givenChapters = body.chapters.map((c) => c.id).sort(byNumber);
    const givenLessons = body.chapters.flatMap((c) => c.lessonIds).sort(byNumber);
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    if (!same(ownChapters, givenChapters) || !same(ownLessons, givenLessons)) {
      throw validationError([{ path: 'chapters', message: coursesMessages.listEveryLessonOnce }]);
    }
    for (const [c, chapter] of body.chapters.entries()) {
      await tx.update(courseChapters).set({ position: c }).where(eq(courseChapters.id, chapter.id));
      for (const [l, lessonId] of chapter.lessonIds.entries()) {
        await tx
          .update(courseLessons)
          .set({ chapterId: chapter.id, position: l })
          .where(and(eq(courseLessons.id, lessonId), inArray(courseLessons.chapterId, givenChapters)));
      }
    }
    await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, courseId));
  });
  return getCourse(db, designerId, courseId);
}
