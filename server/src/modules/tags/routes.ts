import {
  emptyQuerySchema,
  envelopeSchema,
  idParamsSchema,
  tagBodySchema,
  tagClassificationBodySchema,
  tagClassificationSchema,
  tagDeleteAnswerSchema,
  tagMergeAnswerSchema,
  tagMergeBodySchema,
  tagOverviewSchema,
  tagSchema,
  tagUpdateBodySchema,
  tagUsageSchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
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
    '/tags',
    {
      schema: {
        tags: TAGS,
        summary: 'Every classification and tag, with the fans carrying each tag',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(tagOverviewSchema) },
      },
    },
    async (request) => ok(await tagOverview(app.db, designerIdOf(request))),
  );

  app.post(
    '/tags',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a tag (at most 100; name unique in its classification)',
        body: tagBodySchema,
        response: { 200: envelopeSchema(tagSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const tag = await createTag(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(tag, say(ctx.lang, tagsMessages.tagCreated));
    },
  );

  app.put(
    '/tags/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename, recolour, describe or move a tag',
        params: idParamsSchema,
        body: tagUpdateBodySchema,
        response: { 200: envelopeSchema(tagSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const tag = await updateTag(app.db, designerIdOf(request), request.params.id, request.body, ctx.now);
      return ok(tag, say(ctx.lang, tagsMessages.tagSaved));
    },
  );

  app.get(
    '/tags/:id/usage',
    {
      schema: {
        tags: TAGS,
        summary: 'How many fans carry the tag (the delete and merge warning)',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(tagUsageSchema) },
      },
    },
    async (request) => ok(await tagUsage(app.db, designerIdOf(request), request.params.id)),
  );

  app.post(
    '/tags/:id/merge',
    {
      schema: {
        tags: TAGS,
        summary: 'Merge the tag into another: its fans get the other tag, then it is deleted',
        params: idParamsSchema,
        body: tagMergeBodySchema,
        response: { 200: envelopeSchema(tagMergeAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await mergeTag(app.db, designerIdOf(request), request.params.id, request.body.intoTagId);
      return ok(answer, say(ctx.lang, tagsMessages.tagsMerged));
    },
  );

  app.delete(
    '/tags/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a tag; every fan carrying it loses it',
        params: idParamsSchema,
        response: { 200: envelopeSchema(tagDeleteAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await deleteTag(app.db, designerIdOf(request), request.params.id);
      return ok(answer, say(ctx.lang, tagsMessages.tagDeleted));
    },
  );

  app.post(
    '/tag-classifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a tag classification',
        body: tagClassificationBodySchema,
        response: { 200: envelopeSchema(tagClassificationSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await createClassification(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(answer, say(ctx.lang, tagsMessages.classificationCreated));
    },
  );

  app.put(
    '/tag-classifications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a tag classification',
        params: idParamsSchema,
        body: tagClassificationBodySchema,
        response: { 200: envelopeSchema(tagClassificationSchema) },
      },
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
    '/tag-classifications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an empty tag classification',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteClassification(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, tagsMessages.classificationDeleted));
    },
  );
}
