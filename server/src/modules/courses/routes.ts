import { coursesApi, coursesSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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

/** 课程管理 (issue 5 item 6): designer courses, user courses, course detail. */
export async function coursesRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    coursesApi.list.path,
    {
      schema: endpointSchema(coursesSchemas.list, {
        tags: TAGS,
        summary: "The designer's courses with students, revenue and rating",
      }),
    },
    async (request) => ok(await listCourses(app.db, designerIdOf(request), request.query)),
  );

  app.get(
    coursesApi.videoOptions.path,
    {
      schema: endpointSchema(coursesSchemas.videoOptions, {
        tags: TAGS,
        summary: "The designer's published videos a lesson can use",
      }),
    },
    async (request) => ok(await videoOptions(app.db, designerIdOf(request))),
  );

  app.post(
    coursesApi.create.path,
    {
      schema: endpointSchema(coursesSchemas.create, {
        tags: TAGS,
        summary: 'Create a draft course',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepCourseCover(imageCheckCtxOf(app, request), request.body);
      const course = await createCourse(app.db, designerIdOf(request), body, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseCreated));
    },
  );

  app.get(
    coursesApi.detail.path,
    {
      schema: endpointSchema(coursesSchemas.detail, {
        tags: TAGS,
        summary: 'A course with its chapters and lessons',
      }),
    },
    async (request) => ok(await getCourse(app.db, designerIdOf(request), request.params.id)),
  );

  app.put(
    coursesApi.update.path,
    {
      schema: endpointSchema(coursesSchemas.update, {
        tags: TAGS,
        summary: 'Replace a course, its chapters and lessons (lessons with an id keep their progress)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepCourseCover(imageCheckCtxOf(app, request), request.body, request.params.id);
      const course = await updateCourse(app.db, designerIdOf(request), request.params.id, body, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseSaved));
    },
  );

  app.delete(
    coursesApi.remove.path,
    {
      schema: endpointSchema(coursesSchemas.remove, {
        tags: TAGS,
        summary: 'Delete a draft course',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteDraft(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, coursesMessages.courseDeleted));
    },
  );

  app.post(
    coursesApi.putOnSale.path,
    {
      schema: endpointSchema(coursesSchemas.putOnSale, {
        tags: TAGS,
        summary: 'Put a course on sale',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const course = await putOnSale(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseOnSale));
    },
  );

  app.post(
    coursesApi.takeOffShelf.path,
    {
      schema: endpointSchema(coursesSchemas.takeOffShelf, {
        tags: TAGS,
        summary: 'Take a course off shelf',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const course = await takeOffShelf(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(course, say(ctx.lang, coursesMessages.courseTakenOffShelf));
    },
  );

  app.put(
    coursesApi.lessonOrder.path,
    {
      schema: endpointSchema(coursesSchemas.lessonOrder, {
        tags: TAGS,
        summary: 'Reorder the lessons (and move them between chapters)',
      }),
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
    coursesApi.salesTrend.path,
    {
      schema: endpointSchema(coursesSchemas.salesTrend, {
        tags: TAGS,
        summary: 'Purchases and revenue per day',
      }),
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
    coursesApi.userCourses.path,
    {
      schema: endpointSchema(coursesSchemas.userCourses, {
        tags: TAGS,
        summary: "Purchases of the designer's courses, with each buyer's progress",
      }),
    },
    async (request) => ok(await listUserCourses(app.db, designerIdOf(request), request.query)),
  );
}
