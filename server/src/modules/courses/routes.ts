import {
  courseBodySchema,
  courseDetailSchema,
  courseItemSchema,
  courseListQuerySchema,
  courseVideoOptionSchema,
  emptyQuerySchema,
  envelopeSchema,
  idParamsSchema,
  lessonOrderBodySchema,
  listPageSchema,
  salesTrendQuerySchema,
  salesTrendSchema,
  userCourseItemSchema,
  userCourseListQuerySchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { statisticsWithin } from '../../http/statistics-budget.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import {
  createCourse,
  deleteDraft,
  keepCourseCover,
  putOnSale,
  reorderLessons,
  takeOffShelf,
  updateCourse,
} from './editing.ts';
import { coursesMessages } from './messages.ts';
import { listUserCourses, salesTrend } from './purchases.ts';
import { getCourse, listCourses, videoOptions } from './service.ts';

const TAGS = ['courses'];
const detailAnswer = { 200: envelopeSchema(courseDetailSchema) };

/** 课程管理 (issue 5 item 6): designer courses, user courses, course detail. */
export async function coursesRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/courses',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's courses with students, revenue and rating",
        querystring: courseListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(courseItemSchema)) },
      },
    },
    async (request) => ok(await listCourses(app.db, designerIdOf(request), request.query)),
  );

  app.get(
    '/courses/video-options',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's published videos a lesson can use",
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(z.array(courseVideoOptionSchema)) },
      },
    },
    async (request) => ok(await videoOptions(app.db, designerIdOf(request))),
  );

  app.post(
    '/courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a draft course',
        body: courseBodySchema,
        response: detailAnswer,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepCourseCover(imageCheckCtxOf(app, request), request.body);
      const course = await createCourse(app.db, designerIdOf(request), body, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseCreated));
    },
  );

  app.get(
    '/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A course with its chapters and lessons',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await getCourse(app.db, designerIdOf(request), request.params.id)),
  );

  app.put(
    '/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace a course, its chapters and lessons (lessons with an id keep their progress)',
        params: idParamsSchema,
        body: courseBodySchema,
        response: detailAnswer,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepCourseCover(imageCheckCtxOf(app, request), request.body, request.params.id);
      const course = await updateCourse(app.db, designerIdOf(request), request.params.id, body, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseSaved));
    },
  );

  app.delete(
    '/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a draft course',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteDraft(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, coursesMessages.courseDeleted));
    },
  );

  app.post(
    '/courses/:id/on-sale',
    {
      schema: { tags: TAGS, summary: 'Put a course on sale', params: idParamsSchema, response: detailAnswer },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const course = await putOnSale(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseOnSale));
    },
  );

  app.post(
    '/courses/:id/off-shelf',
    {
      schema: {
        tags: TAGS,
        summary: 'Take a course off shelf',
        params: idParamsSchema,
        response: detailAnswer,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const course = await takeOffShelf(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseTakenOffShelf));
    },
  );

  app.put(
    '/courses/:id/lesson-order',
    {
      schema: {
        tags: TAGS,
        summary: 'Reorder the lessons (and move them between chapters)',
        params: idParamsSchema,
        body: lessonOrderBodySchema,
        response: detailAnswer,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const course = await reorderLessons(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body,
        ctx.now,
      );
      return ok(course, say(ctx.lang, coursesMessages.lessonOrderSaved));
    },
  );

  app.get(
    '/courses/:id/sales-trend',
    {
      schema: {
        tags: TAGS,
        summary: 'Purchases and revenue per day',
        params: idParamsSchema,
        querystring: salesTrendQuerySchema,
        response: { 200: envelopeSchema(salesTrendSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      // Within QUERY_BUDGET_MS (issue 16 item 4): over it, 42200 naming `days`.
      return ok(
        await statisticsWithin(app.db, app.config.queryBudgetMs, ctx.lang, 'days', (db) =>
          salesTrend(db, designerIdOf(request), request.params.id, request.query.days, ctx.now),
        ),
      );
    },
  );

  app.get(
    '/user-courses',
    {
      schema: {
        tags: TAGS,
        summary: "Purchases of the designer's courses, with each buyer's progress",
        querystring: userCourseListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(userCourseItemSchema)) },
      },
    },
    async (request) => ok(await listUserCourses(app.db, designerIdOf(request), request.query)),
  );
}
