import { z } from 'zod';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, pageQuerySchema } from './envelope.ts';
import {
  bodyIdField,
  fen,
  idField,
  idParamsSchema,
  imageUrlField,
  keywordField,
  pureSchema,
  text,
  wireDateTime,
} from './fields.ts';
import { worded } from './wordings.ts';

/**
 * 课程管理 (issue 5 item 6): the designer's courses (`/designerapi/v1/courses…`), the purchases
 * of them by platform users (`/designerapi/v1/user-courses`), a course's sales trend.
 * Money is integer fen; students, revenue and rating come from the purchases.
 */

export const courseStatuses = ['draft', 'on_sale', 'off_shelf'] as const;
export type CourseStatus = (typeof courseStatuses)[number];

export const lessonKinds = ['video', 'text'] as const;
export type LessonKind = (typeof lessonKinds)[number];

export const courseCategories = ['tailoring', 'pattern', 'sewing', 'design', 'fabric', 'styling'] as const;
export type CourseCategory = (typeof courseCategories)[number];

export const COURSE_TITLE_MIN = 2;
export const COURSE_TITLE_MAX = 60;
export const COURSE_SUMMARY_MAX = 500;
export const CHAPTER_TITLE_MAX = 60;
export const LESSON_TITLE_MAX = 60;
export const LESSON_TEXT_MAX = 20_000;
export const CHAPTERS_MAX = 50;
export const LESSONS_PER_CHAPTER_MAX = 100;
/** ¥100,000.00: far above any course, far below integer overflow. */
export const COURSE_PRICE_MAX = 10_000_000;
/** 24 hours: the longest lesson. */
export const LESSON_DURATION_MAX = 86_400;

const priceField = fen
  .min(0, worded('不能小于 0', 'must be 0 or more'))
  .max(COURSE_PRICE_MAX, worded(`最多 ${COURSE_PRICE_MAX} 分`, `at most ${COURSE_PRICE_MAX} fen`));

/** One lesson of the editor. `id` keeps an existing lesson (and the buyers' progress on it). */
export const lessonBodySchema = z
  .strictObject({
    id: bodyIdField.optional(),
    title: text(LESSON_TITLE_MAX, 1, 'line'),
    kind: z.enum(lessonKinds),
    /** Video lessons: one of the designer's published videos. */
    videoId: bodyIdField.nullish(),
    /** Text lessons: the text. */
    textBody: text(LESSON_TEXT_MAX, 0, 'lines').default(''),
    /** Text lessons: the reading time in seconds; a video lesson takes its video's duration. */
    durationSeconds: z.number().int().min(0).max(LESSON_DURATION_MAX).default(0),
  })
  .superRefine((lesson, ctx) => {
    if (lesson.kind === 'video' && !lesson.videoId) {
      ctx.addIssue({ code: 'custom', path: ['videoId'], message: 'a video lesson needs a video' });
    }
    if (lesson.kind === 'text' && lesson.textBody.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['textBody'], message: 'a text lesson needs its text' });
    }
  });
export type LessonBody = z.input<typeof lessonBodySchema>;

export const chapterBodySchema = z.strictObject({
  id: bodyIdField.optional(),
  title: text(CHAPTER_TITLE_MAX, 1, 'line'),
  lessons: z
    .array(lessonBodySchema)
    .max(
      LESSONS_PER_CHAPTER_MAX,
      worded(`最多 ${LESSONS_PER_CHAPTER_MAX} 个课时`, `at most ${LESSONS_PER_CHAPTER_MAX} lessons`),
    ),
});
export type ChapterBody = z.input<typeof chapterBodySchema>;

/** The basics and pricing of a course (the editor's first and third steps). */
export const courseBasicsSchema = /* @__PURE__ */ pureSchema(() =>
  z.strictObject({
    title: text(COURSE_TITLE_MAX, COURSE_TITLE_MIN, 'line'),
    coverUrl: z.union([z.literal(''), imageUrlField]).default(''),
    summary: text(COURSE_SUMMARY_MAX, 0, 'lines').default(''),
    category: z.enum(courseCategories),
    price: priceField,
    originalPrice: priceField,
  }),
);

/**
 * `POST /courses` (creates a draft) and `PUT /courses/:id` (replaces the course; lessons with an
 * `id` keep it, and lessons left out are deleted with their progress). The order of `chapters`
 * and of each chapter's `lessons` is the order shown to learners.
 */
export const courseBodySchema = /* @__PURE__ */ pureSchema(() =>
  z
    .strictObject({
      ...courseBasicsSchema.shape,
      chapters: z
        .array(chapterBodySchema)
        .max(CHAPTERS_MAX, worded(`最多 ${CHAPTERS_MAX} 个章节`, `at most ${CHAPTERS_MAX} chapters`)),
    })
    .superRefine((course, ctx) => {
      if (course.originalPrice < course.price) {
        ctx.addIssue({
          code: 'custom',
          path: ['originalPrice'],
          message: 'the original price must not be below the price',
        });
      }
    }),
);
export type CourseBody = z.input<typeof courseBodySchema>;

/** `GET /courses`: the designer's courses, newest first by default. */
export const courseSortFields = ['createdAt', 'sales', 'students', 'price'] as const;
export const courseListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  status: z.enum(courseStatuses).optional(),
  category: z.enum(courseCategories).optional(),
  keyword: keywordField,
  sortBy: z.enum(courseSortFields).default('createdAt'),
});
export type CourseListQuery = z.input<typeof courseListQuerySchema>;

/** A row of the course list. `revenue`: the sum paid (fen); `rating`: mean stars, null before any. */
export const courseItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  summary: z.string(),
  category: z.enum(courseCategories),
  price: fen,
  originalPrice: fen,
  status: z.enum(courseStatuses),
  students: z.number().int(),
  revenue: fen,
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  chapterCount: z.number().int(),
  lessonCount: z.number().int(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type CourseItem = z.infer<typeof courseItemSchema>;

export const lessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(lessonKinds),
  videoId: z.number().int().nullable(),
  /** The video's title and status now (null when the lesson has no video). */
  videoTitle: z.string().nullable(),
  videoStatus: z.string().nullable(),
  textBody: z.string(),
  durationSeconds: z.number().int(),
  /** Buyers who completed this lesson. */
  completions: z.number().int(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const chapterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  lessons: z.array(lessonSchema),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** `GET /courses/:id`: the course with its chapters and lessons in order. */
export const courseDetailSchema = courseItemSchema.extend({ chapters: z.array(chapterSchema) });
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/**
 * `PUT /courses/:id/lesson-order`: every chapter of the course, each with every lesson that
 * should be in it, in order (a lesson may move to another chapter).
 */
export const lessonOrderBodySchema = z.strictObject({
  chapters: z
    .array(z.strictObject({ id: bodyIdField, lessonIds: z.array(bodyIdField).max(LESSONS_PER_CHAPTER_MAX) }))
    .max(CHAPTERS_MAX),
});
export type LessonOrderBody = z.infer<typeof lessonOrderBodySchema>;

/** `GET /courses/video-options`: the designer's published videos a lesson can use. */
export const courseVideoOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().int().nullable(),
});
export type CourseVideoOption = z.infer<typeof courseVideoOptionSchema>;

/** `GET /courses/:id/sales-trend?days=30`: sales per business day, oldest first, zero days included. */
export const SALES_TREND_DAYS = [7, 30, 90, 365] as const;
export const salesTrendQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (SALES_TREND_DAYS as readonly number[]).includes(days), 'one of 7, 30, 90, 365')
    .default(30),
  _t: z.coerce.number().optional(),
});
export const salesTrendPointSchema = z.object({
  date: z.string(),
  sales: z.number().int(),
  revenue: fen,
});
export const salesTrendSchema = z.object({
  points: z.array(salesTrendPointSchema),
  totalSales: z.number().int(),
  totalRevenue: fen,
});
export type SalesTrend = z.infer<typeof salesTrendSchema>;

/** `GET /user-courses`: purchases of this designer's courses, newest first by default. */
export const userCourseSortFields = ['boughtAt', 'lastStudiedAt', 'pricePaid', 'progress'] as const;
export const userCourseListQuerySchema = /* @__PURE__ */ pureSchema(() =>
  z
    .strictObject({
      ...pageQuerySchema.shape,
      courseId: idField.optional(),
      /** Matches the buyer's nickname or the course title. */
      keyword: keywordField,
      /** Bought on or after this business day. */
      from: dateField.optional(),
      /** Bought on or before this business day. */
      to: dateField.optional(),
      sortBy: z.enum(userCourseSortFields).default('boughtAt'),
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: 'the end date must not be before the start date',
    }),
);
export type UserCourseListQuery = z.input<typeof userCourseListQuerySchema>;

export const userCourseItemSchema = z.object({
  /** The purchase's id. */
  id: z.number().int(),
  buyer: z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string(), phone: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string(), coverUrl: z.string() }),
  pricePaid: fen,
  lessonsCompleted: z.number().int(),
  lessonCount: z.number().int(),
  boughtAt: wireDateTime,
  lastStudiedAt: wireDateTime.nullable(),
  rating: z.number().int().nullable(),
});
export type UserCourseItem = z.infer<typeof userCourseItemSchema>;

/** Progress as a whole percentage, rounded down (100 only when every lesson is done). */
export function progressPercent(lessonsCompleted: number, lessonCount: number): number {
  if (lessonCount <= 0) return 0;
  return Math.min(100, Math.floor((lessonsCompleted * 100) / lessonCount));
}

/** The courses calls (contract/src/endpoint.ts); method and path in `api/courses.ts`. */
export const coursesSchemas = {
  list: { query: courseListQuerySchema, data: listPageSchema(courseItemSchema) },
  videoOptions: { query: emptyQuerySchema, data: z.array(courseVideoOptionSchema) },
  create: { body: courseBodySchema, data: courseDetailSchema },
  detail: { params: idParamsSchema, query: emptyQuerySchema, data: courseDetailSchema },
  update: { params: idParamsSchema, body: courseBodySchema, data: courseDetailSchema },
  remove: { params: idParamsSchema, data: z.null() },
  putOnSale: { params: idParamsSchema, data: courseDetailSchema },
  takeOffShelf: { params: idParamsSchema, data: courseDetailSchema },
  lessonOrder: { params: idParamsSchema, body: lessonOrderBodySchema, data: courseDetailSchema },
  salesTrend: { params: idParamsSchema, query: salesTrendQuerySchema, data: salesTrendSchema },
  userCourses: { query: userCourseListQuerySchema, data: listPageSchema(userCourseItemSchema) },
} satisfies EndpointSchemaMap;
