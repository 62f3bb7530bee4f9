import { tagsApi, tagsSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { tagsMessages } from './messages.ts';
import {
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  mergeTag,
  renameClassification,
  tagOverview,
  tagUsage,
  updateTag,
} from './service.ts';

const TAGS = ['tags'];

/** 标签管理 (issue 7 item 4): tags in classifications, at most 100 per designer. */
export async function tagsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    tagsApi.overview.path,
    {
      schema: endpointSchema(tagsSchemas.overview, {
        tags: TAGS,
        summary: 'Every classification and tag, with the fans carrying each tag',
      }),
    },
    async (request) => ok(await tagOverview(app.db, designerIdOf(request))),
  );

  app.post(
    tagsApi.create.path,
    {
      schema: endpointSchema(tagsSchemas.create, {
        tags: TAGS,
        summary: 'Create a tag (at most 100; name unique in its classification)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const tag = await createTag(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(tag, say(ctx.lang, tagsMessages.tagCreated));
    },
  );

  app.put(
    tagsApi.update.path,
    {
      schema: endpointSchema(tagsSchemas.update, {
        tags: TAGS,
        summary: 'Rename, recolour, describe or move a tag',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const tag = await updateTag(app.db, designerIdOf(request), request.params.id, request.body, ctx.now);
      return ok(tag, say(ctx.lang, tagsMessages.tagSaved));
    },
  );

  app.get(
    tagsApi.usage.path,
    {
      schema: endpointSchema(tagsSchemas.usage, {
        tags: TAGS,
        summary: 'How many fans carry the tag (the delete and merge warning)',
      }),
    },
    async (request) => ok(await tagUsage(app.db, designerIdOf(request), request.params.id)),
  );

  app.post(
    tagsApi.merge.path,
    {
      schema: endpointSchema(tagsSchemas.merge, {
        tags: TAGS,
        summary: 'Merge the tag into another: its fans get the other tag, then it is deleted',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await mergeTag(app.db, designerIdOf(request), request.params.id, request.body.intoTagId);
      return ok(answer, say(ctx.lang, tagsMessages.tagsMerged));
    },
  );

  app.delete(
    tagsApi.remove.path,
    {
      schema: endpointSchema(tagsSchemas.remove, {
        tags: TAGS,
        summary: 'Delete a tag; every fan carrying it loses it',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await deleteTag(app.db, designerIdOf(request), request.params.id);
      return ok(answer, say(ctx.lang, tagsMessages.tagDeleted));
    },
  );

  app.post(
    tagsApi.createClassification.path,
    {
      schema: endpointSchema(tagsSchemas.createClassification, {
        tags: TAGS,
        summary: 'Create a tag classification',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await createClassification(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(answer, say(ctx.lang, tagsMessages.classificationCreated));
    },
  );

  app.put(
    tagsApi.renameClassification.path,
    {
      schema: endpointSchema(tagsSchemas.renameClassification, {
        tags: TAGS,
        summary: 'Rename a tag classification',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await renameClassification(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body,
        ctx.now,
      );
      return ok(answer, say(ctx.lang, tagsMessages.classificationSaved));
    },
  );

  app.delete(
    tagsApi.removeClassification.path,
    {
      schema: endpointSchema(tagsSchemas.removeClassification, {
        tags: TAGS,
        summary: 'Delete an empty tag classification',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteClassification(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, tagsMessages.classificationDeleted));
    },
  );
}
