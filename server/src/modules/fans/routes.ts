import { fansApi, fansSchemas, loadRegions } from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { addFanImageChecked, addWardrobeItemChecked, type FanImageCtx } from './fan-images.ts';
import { fansMessages } from './messages.ts';
import { fanOrders } from './orders.ts';
import {
  batchTag,
  fanDetail,
  listFans,
  removeFanImage,
  removeWardrobeItem,
  saveMeasurements,
  setFanTags,
} from './service.ts';

const TAGS = ['fans'];

/** 粉丝管理 (issue 7 items 5 and 8): the fan list, batch tagging and a fan's detail. */
export async function fansRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const imageCtxOf = (request: FastifyRequest, now: Date): FanImageCtx => ({
    db: app.db,
    config: app.config,
    designerId: designerIdOf(request),
    origin: { protocol: request.protocol, host: request.host },
    now,
  });
  app.addHook('onRequest', app.requireSession);
  // City names of the rows come from the region list: loaded once, before the first request.
  await loadRegions();

  app.get(
    fansApi.list.path,
    {
      schema: endpointSchema(fansSchemas.list, {
        tags: TAGS,
        summary:
          'Fans: filtered (tags any/all/none, source, gender, age, city, spend, dates, keyword), sorted, paged',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await listFans(app.db, designerIdOf(request), request.query, ctx.now));
    },
  );

  app.post(
    fansApi.batchTag.path,
    {
      schema: endpointSchema(fansSchemas.batchTag, {
        tags: TAGS,
        summary: 'Add and remove tags on chosen fans or on every fan a filter matches (up to 100,000)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await batchTag(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(answer, say(ctx.lang, fansMessages.batchTaggingDone));
    },
  );

  app.get(
    fansApi.detail.path,
    {
      schema: endpointSchema(fansSchemas.detail, {
        tags: TAGS,
        summary: "A fan's profile, measurements, wardrobe, images and latest interactions",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await fanDetail(app.db, designerIdOf(request), request.params.id, ctx.now));
    },
  );

  app.get(
    fansApi.orders.path,
    {
      schema: endpointSchema(fansSchemas.orders, {
        tags: TAGS,
        summary:
          "A fan's traded goods: boutique orders and course purchases, newest first, paged (kind all | product | course)",
      }),
    },
    async (request) => ok(await fanOrders(app.db, designerIdOf(request), request.params.id, request.query)),
  );

  app.put(
    fansApi.saveMeasurements.path,
    {
      schema: endpointSchema(fansSchemas.saveMeasurements, {
        tags: TAGS,
        summary: "Save a fan's body measurements (cm, kg; null = not measured)",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const saved = await saveMeasurements(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body,
        ctx.now,
      );
      return ok(saved, say(ctx.lang, fansMessages.measurementsSaved));
    },
  );

  app.put(
    fansApi.setTags.path,
    {
      schema: endpointSchema(fansSchemas.setTags, {
        tags: TAGS,
        summary: "Replace a fan's tags (at most 20)",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const chips = await setFanTags(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body.tagIds,
        ctx.now,
      );
      return ok(chips, say(ctx.lang, fansMessages.tagsSaved));
    },
  );

  app.post(
    fansApi.addWardrobeItem.path,
    {
      schema: endpointSchema(fansSchemas.addWardrobeItem, {
        tags: TAGS,
        summary: "Add a garment to a fan's wardrobe",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const item = await addWardrobeItemChecked(
        imageCtxOf(request, ctx.now),
        request.params.id,
        request.body,
      );
      return ok(item, say(ctx.lang, fansMessages.garmentAdded));
    },
  );

  app.delete(
    fansApi.removeWardrobeItem.path,
    {
      schema: endpointSchema(fansSchemas.removeWardrobeItem, {
        tags: TAGS,
        summary: "Remove a garment from a fan's wardrobe",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await removeWardrobeItem(app.db, designerIdOf(request), request.params.id, request.params.itemId);
      return ok(null, say(ctx.lang, fansMessages.removed));
    },
  );

  app.post(
    fansApi.addImage.path,
    {
      schema: endpointSchema(fansSchemas.addImage, {
        tags: TAGS,
        summary: 'Add a photo of the fan (an uploaded image URL) with labels',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const image = await addFanImageChecked(imageCtxOf(request, ctx.now), request.params.id, request.body);
      return ok(image, say(ctx.lang, fansMessages.imageAdded));
    },
  );

  app.delete(
    fansApi.removeImage.path,
    {
      schema: endpointSchema(fansSchemas.removeImage, {
        tags: TAGS,
        summary: 'Remove a photo of the fan',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await removeFanImage(app.db, designerIdOf(request), request.params.id, request.params.itemId);
      return ok(null, say(ctx.lang, fansMessages.removed));
    },
  );
}
