import {
  emptyQuerySchema,
  envelopeSchema,
  fanImpressionsSchema,
  fanItemParamsSchema,
  fanRowSchema,
  idParamsSchema,
  impressionBodySchema,
  impressionChipSchema,
  impressionDeleteAnswerSchema,
  impressionFansQuerySchema,
  impressionOverviewSchema,
  impressionSchema,
  listPageSchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { impressionsMessages } from './messages.ts';
import {
  addFanImpression,
  createImpression,
  deleteImpression,
  fansOfImpression,
  impressionOverview,
  impressionsOfFan,
  ownFanOrNotFound,
  removeFanImpression,
  renameImpression,
} from './service.ts';
import { suggestImpressions } from './suggest.ts';

const TAGS = ['impressions'];

/** 粉丝印象 (issue 7 item 6): the designer's impression words and the fans carrying them. */
export async function impressionsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/impressions',
    {
      schema: {
        tags: TAGS,
        summary: 'Every impression word with the number of fans carrying it, most carried first',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(impressionOverviewSchema) },
      },
    },
    async (request) => ok(await impressionOverview(app.db, designerIdOf(request))),
  );

  app.post(
    '/impressions',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an impression word (≤ 12 characters, unique; at most 200)',
        body: impressionBodySchema,
        response: { 200: envelopeSchema(impressionSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const created = await createImpression(app.db, designerIdOf(request), request.body.word, ctx.now);
      return ok(created, say(ctx.lang, impressionsMessages.impressionAdded));
    },
  );

  app.put(
    '/impressions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename an impression word (its fans keep it)',
        params: idParamsSchema,
        body: impressionBodySchema,
        response: { 200: envelopeSchema(impressionSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const renamed = await renameImpression(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body.word,
        ctx.now,
      );
      return ok(renamed, say(ctx.lang, impressionsMessages.impressionRenamed));
    },
  );

  app.delete(
    '/impressions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an impression word; it leaves every fan carrying it',
        params: idParamsSchema,
        response: { 200: envelopeSchema(impressionDeleteAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await deleteImpression(app.db, designerIdOf(request), request.params.id);
      return ok(answer, say(ctx.lang, impressionsMessages.impressionDeleted));
    },
  );

  app.get(
    '/impressions/:id/fans',
    {
      schema: {
        tags: TAGS,
        summary: 'The fans carrying an impression word, paged',
        params: idParamsSchema,
        querystring: impressionFansQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(fanRowSchema)) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await fansOfImpression(app.db, designerIdOf(request), request.params.id, request.query, ctx.now),
      );
    },
  );

  app.get(
    '/fans/:id/impressions',
    {
      schema: {
        tags: TAGS,
        summary: "A fan's impression words and words suggested from their purchases",
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(fanImpressionsSchema) },
      },
    },
    async (request) => {
      const designerId = designerIdOf(request);
      const fanId = request.params.id;
      await ownFanOrNotFound(app.db, designerId, fanId);
      const carried = await impressionsOfFan(app.db, fanId);
      const suggestions = await suggestImpressions(app.db, designerId, fanId, carried);
      return ok({ impressions: carried, suggestions });
    },
  );

  app.post(
    '/fans/:id/impressions',
    {
      schema: {
        tags: TAGS,
        summary: 'Give a fan an impression word (created when new; at most 20 a fan)',
        params: idParamsSchema,
        body: impressionBodySchema,
        response: { 200: envelopeSchema(z.array(impressionChipSchema)) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const chips = await addFanImpression(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body.word,
        ctx.now,
      );
      return ok(chips, say(ctx.lang, impressionsMessages.impressionAdded));
    },
  );

  app.delete(
    '/fans/:id/impressions/:itemId',
    {
      schema: {
        tags: TAGS,
        summary: 'Take an impression word off a fan',
        params: fanItemParamsSchema,
        response: { 200: envelopeSchema(z.array(impressionChipSchema)) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const chips = await removeFanImpression(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.params.itemId,
      );
      return ok(chips, say(ctx.lang, impressionsMessages.impressionRemoved));
    },
  );
}
