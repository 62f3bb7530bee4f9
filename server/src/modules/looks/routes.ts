import {
  emptyQuerySchema,
  envelopeSchema,
  idParamsSchema,
  listPageSchema,
  lookBackgroundBodySchema,
  lookBackgroundSchema,
  lookBackgroundUpdateBodySchema,
  lookBodySchema,
  lookDetailSchema,
  lookListQuerySchema,
  lookModelGrantSchema,
  lookModelRefreshBodySchema,
  lookModelSchema,
  lookModelUpdateBodySchema,
  lookModelUploadBodySchema,
  lookOnlineBodySchema,
  lookRowSchema,
  lookSortOrderBodySchema,
  lookStatsQuerySchema,
  lookStatsSchema,
} from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import type { Wording } from '../../http/messages.ts';
import { say } from '../../http/messages.ts';
import { publicBaseUrl } from '../../http/public-origin.ts';
import { statisticsWithin } from '../../http/statistics-budget.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { createBackground, deleteBackground, listBackgrounds, updateBackground } from './backgrounds.ts';
import type { CtxOf, LooksCtx } from './context.ts';
import {
  createLook,
  deleteLook,
  listLooks,
  lookDetail,
  setLookOnline,
  setLookSortOrder,
  updateLook,
} from './looks.ts';
import { looksMessages } from './messages.ts';
import {
  createModelUpload,
  deleteModel,
  finishModelUpload,
  listModels,
  refreshModelUpload,
  updateModel,
} from './models.ts';
import { publicRoutes } from './public-routes.ts';
import { ensureShippedAssets } from './shipped.ts';
import { lookStats } from './stats.ts';

const TAGS = ['3d-recommend'];
const deletedSchema = envelopeSchema(z.object({ id: z.number().int() }));

/** 3D recommendation (issue 9): the designer's backgrounds, models and looks, and the public page's calls. */
export async function looksRoutes(scope: FastifyInstance) {
  const ctxOf = (app: FastifyInstance, request: FastifyRequest, designerId: number): LooksCtx => ({
    db: app.db,
    config: app.config,
    designerId,
    now: app.config.now(),
    origin: { protocol: request.protocol, host: request.host },
    shareBase: publicBaseUrl(app.config, request),
  });
  scope.addHook('preHandler', async () => ensureShippedAssets(scope.db));
  await scope.register(async (inner) => designerRoutes(inner, ctxOf));
  await scope.register(async (inner) => publicRoutes(inner, ctxOf));
}

async function designerRoutes(scope: FastifyInstance, ctxOf: CtxOf) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  const ctx = (request: FastifyRequest) => ctxOf(app, request, designerIdOf(request));
  const say2 = (request: FastifyRequest, wording: Wording) => say(accountCtx(app, request).lang, wording);

  app.get(
    '/look-backgrounds',
    {
      schema: {
        tags: TAGS,
        summary: 'Backgrounds: shipped ones and mine',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(lookBackgroundSchema)) },
      },
    },
    async (request) => ok(await listBackgrounds(ctx(request))),
  );
  app.post(
    '/look-backgrounds',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a background',
        body: lookBackgroundBodySchema,
        response: { 200: envelopeSchema(lookBackgroundSchema) },
      },
    },
    async (request) =>
      ok(await createBackground(ctx(request), request.body), say2(request, looksMessages.backgroundAdded)),
  );
  app.put(
    '/look-backgrounds/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit one of my backgrounds (shipped ones: 40300)',
        params: idParamsSchema,
        body: lookBackgroundUpdateBodySchema,
        response: { 200: envelopeSchema(lookBackgroundSchema) },
      },
    },
    async (request) =>
      ok(
        await updateBackground(ctx(request), request.params.id, request.body),
        say2(request, looksMessages.backgroundSaved),
      ),
  );
  app.delete(
    '/look-backgrounds/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one of my backgrounds (40900 while a look uses it)',
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) =>
      ok(
        await deleteBackground(ctx(request), request.params.id),
        say2(request, looksMessages.backgroundDeleted),
      ),
  );

  app.get(
    '/look-models',
    {
      schema: {
        tags: TAGS,
        summary: 'Models: shipped ones and mine',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(lookModelSchema)) },
      },
    },
    async (request) => ok(await listModels(ctx(request))),
  );
  app.post(
    '/look-models/create-upload',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a model (.glb ≤ 30 MB) and get its upload address and temporary credentials',
        body: lookModelUploadBodySchema,
        response: { 200: envelopeSchema(lookModelGrantSchema) },
      },
    },
    async (request) => ok(await createModelUpload(ctx(request), request.body, accountCtx(app, request).lang)),
  );
  app.post(
    '/look-models/refresh-upload',
    {
      schema: {
        tags: TAGS,
        summary: 'New temporary credentials for the same model file',
        body: lookModelRefreshBodySchema,
        response: { 200: envelopeSchema(lookModelGrantSchema) },
      },
    },
    async (request) => ok(await refreshModelUpload(ctx(request), request.body.modelId)),
  );
  app.post(
    '/look-models/:id/upload-finished',
    {
      schema: {
        tags: TAGS,
        summary: 'The .glb is in the store: check it (glTF 2, ≤ 30 MB, ≤ 300k triangles) or delete it',
        params: idParamsSchema,
        response: { 200: envelopeSchema(lookModelSchema) },
      },
    },
    async (request) =>
      ok(
        await finishModelUpload(ctx(request), request.params.id, accountCtx(app, request).lang),
        say2(request, looksMessages.modelUploaded),
      ),
  );
  app.put(
    '/look-models/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit one of my models (shipped ones: 40300)',
        params: idParamsSchema,
        body: lookModelUpdateBodySchema,
        response: { 200: envelopeSchema(lookModelSchema) },
      },
    },
    async (request) =>
      ok(
        await updateModel(ctx(request), request.params.id, request.body),
        say2(request, looksMessages.modelSaved),
      ),
  );
  app.delete(
    '/look-models/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one of my models and its file (40900 while a look uses it)',
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) =>
      ok(await deleteModel(ctx(request), request.params.id), say2(request, looksMessages.modelDeleted)),
  );

  app.get(
    '/looks',
    {
      schema: {
        tags: TAGS,
        summary: 'My looks, by sort order',
        querystring: lookListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(lookRowSchema)) },
      },
    },
    async (request) => ok(await listLooks(ctx(request), request.query)),
  );
  app.post(
    '/looks',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a look',
        body: lookBodySchema,
        response: { 200: envelopeSchema(lookDetailSchema) },
      },
    },
    async (request) =>
      ok(await createLook(ctx(request), request.body), say2(request, looksMessages.lookCreated)),
  );
  app.get(
    '/looks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One of my looks with its model, background and products',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(lookDetailSchema) },
      },
    },
    async (request) => ok(await lookDetail(ctx(request), request.params.id)),
  );
  app.put(
    '/looks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace a look and its products',
        params: idParamsSchema,
        body: lookBodySchema,
        response: { 200: envelopeSchema(lookDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await updateLook(ctx(request), request.params.id, request.body),
        say2(request, looksMessages.lookSaved),
      ),
  );
  app.post(
    '/looks/:id/online',
    {
      schema: {
        tags: TAGS,
        summary: 'Put a look online (needs a ready model) or take it offline',
        params: idParamsSchema,
        body: lookOnlineBodySchema,
        response: { 200: envelopeSchema(lookDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await setLookOnline(ctx(request), request.params.id, request.body.online),
        request.body.online
          ? say2(request, looksMessages.lookIsOnline)
          : say2(request, looksMessages.lookIsOffline),
      ),
  );
  app.post(
    '/looks/:id/sort-order',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the sort order of a look',
        params: idParamsSchema,
        body: lookSortOrderBodySchema,
        response: { 200: envelopeSchema(lookDetailSchema) },
      },
    },
    async (request) => ok(await setLookSortOrder(ctx(request), request.params.id, request.body.sortOrder)),
  );
  app.delete(
    '/looks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a look with its figures',
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) =>
      ok(await deleteLook(ctx(request), request.params.id), say2(request, looksMessages.lookDeleted)),
  );
  app.get(
    '/looks/:id/stats',
    {
      schema: {
        tags: TAGS,
        summary: 'Views, rotations and product taps of a look: totals and per day',
        params: idParamsSchema,
        querystring: lookStatsQuerySchema,
        response: { 200: envelopeSchema(lookStatsSchema) },
      },
    },
    async (request) => {
      // Within QUERY_BUDGET_MS (issue 16 item 4): over it, 42200 naming `days`.
      const looks = ctx(request);
      const lang = accountCtx(app, request).lang;
      return ok(
        await statisticsWithin(app.db, app.config.queryBudgetMs, lang, 'days', (db) =>
          lookStats({ ...looks, db }, request.params.id, request.query.days),
        ),
      );
    },
  );
}
