import { impressionsApi, impressionsSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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
    impressionsApi.overview.path,
    {
      schema: endpointSchema(impressionsSchemas.overview, {
        tags: TAGS,
        summary: 'Every impression word with the number of fans carrying it, most carried first',
      }),
    },
    async (request) => ok(await impressionOverview(app.db, designerIdOf(request))),
  );

  app.post(
    impressionsApi.create.path,
    {
      schema: endpointSchema(impressionsSchemas.create, {
        tags: TAGS,
        summary: 'Create an impression word (≤ 12 characters, unique; at most 200)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const created = await createImpression(app.db, designerIdOf(request), request.body.word, ctx.now);
      return ok(created, say(ctx.lang, impressionsMessages.impressionAdded));
    },
  );

  app.put(
    impressionsApi.rename.path,
    {
      schema: endpointSchema(impressionsSchemas.rename, {
        tags: TAGS,
        summary: 'Rename an impression word (its fans keep it)',
      }),
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
    impressionsApi.remove.path,
    {
      schema: endpointSchema(impressionsSchemas.remove, {
        tags: TAGS,
        summary: 'Delete an impression word; it leaves every fan carrying it',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await deleteImpression(app.db, designerIdOf(request), request.params.id);
      return ok(answer, say(ctx.lang, impressionsMessages.impressionDeleted));
    },
  );

  app.get(
    impressionsApi.fans.path,
    {
      schema: endpointSchema(impressionsSchemas.fans, {
        tags: TAGS,
        summary: 'The fans carrying an impression word, paged',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await fansOfImpression(app.db, designerIdOf(request), request.params.id, request.query, ctx.now),
      );
    },
  );

  app.get(
    impressionsApi.ofFan.path,
    {
      schema: endpointSchema(impressionsSchemas.ofFan, {
        tags: TAGS,
        summary: "A fan's impression words and words suggested from their purchases",
      }),
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
    impressionsApi.addToFan.path,
    {
      schema: endpointSchema(impressionsSchemas.addToFan, {
        tags: TAGS,
        summary: 'Give a fan an impression word (created when new; at most 20 a fan)',
      }),
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
    impressionsApi.removeFromFan.path,
    {
      schema: endpointSchema(impressionsSchemas.removeFromFan, {
        tags: TAGS,
        summary: 'Take an impression word off a fan',
      }),
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
