import { looksApi, looksSchemas } from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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
    looksApi.listBackgrounds.path,
    {
      schema: endpointSchema(looksSchemas.listBackgrounds, {
        tags: TAGS,
        summary: 'Backgrounds: shipped ones and mine',
      }),
    },
    async (request) => ok(await listBackgrounds(ctx(request))),
  );
  app.post(
    looksApi.createBackground.path,
    {
      schema: endpointSchema(looksSchemas.createBackground, {
        tags: TAGS,
        summary: 'Add a background',
      }),
    },
    async (request) =>
      ok(await createBackground(ctx(request), request.body), say2(request, looksMessages.backgroundAdded)),
  );
  app.put(
    looksApi.updateBackground.path,
    {
      schema: endpointSchema(looksSchemas.updateBackground, {
        tags: TAGS,
        summary: 'Edit one of my backgrounds (shipped ones: 40300)',
      }),
    },
    async (request) =>
      ok(
        await updateBackground(ctx(request), request.params.id, request.body),
        say2(request, looksMessages.backgroundSaved),
      ),
  );
  app.delete(
    looksApi.removeBackground.path,
    {
      schema: endpointSchema(looksSchemas.removeBackground, {
        tags: TAGS,
        summary: 'Delete one of my backgrounds (40900 while a look uses it)',
      }),
    },
    async (request) =>
      ok(
        await deleteBackground(ctx(request), request.params.id),
        say2(request, looksMessages.backgroundDeleted),
      ),
  );

  app.get(
    looksApi.listModels.path,
    {
      schema: endpointSchema(looksSchemas.listModels, {
        tags: TAGS,
        summary: 'Models: shipped ones and mine',
      }),
    },
    async (request) => ok(await listModels(ctx(request))),
  );
  app.post(
    looksApi.createModelUpload.path,
    {
      schema: endpointSchema(looksSchemas.createModelUpload, {
        tags: TAGS,
        summary: 'Create a model (.glb ≤ 30 MB) and get its upload address and temporary credentials',
      }),
    },
    async (request) => ok(await createModelUpload(ctx(request), request.body, accountCtx(app, request).lang)),
  );
  app.post(
    looksApi.refreshModelUpload.path,
    {
      schema: endpointSchema(looksSchemas.refreshModelUpload, {
        tags: TAGS,
        summary: 'New temporary credentials for the same model file',
      }),
    },
    async (request) => ok(await refreshModelUpload(ctx(request), request.body.modelId)),
  );
  app.post(
    looksApi.finishModelUpload.path,
    {
      schema: endpointSchema(looksSchemas.finishModelUpload, {
        tags: TAGS,
        summary: 'The .glb is in the store: check it (glTF 2, ≤ 30 MB, ≤ 300k triangles) or delete it',
      }),
    },
    async (request) =>
      ok(
        await finishModelUpload(ctx(request), request.params.id, accountCtx(app, request).lang),
        say2(request, looksMessages.modelUploaded),
      ),
  );
  app.put(
    looksApi.updateModel.path,
    {
      schema: endpointSchema(looksSchemas.updateModel, {
        tags: TAGS,
        summary: 'Edit one of my models (shipped ones: 40300)',
      }),
    },
    async (request) =>
      ok(
        await updateModel(ctx(request), request.params.id, request.body),
        say2(request, looksMessages.modelSaved),
      ),
  );
  app.delete(
    looksApi.removeModel.path,
    {
      schema: endpointSchema(looksSchemas.removeModel, {
        tags: TAGS,
        summary: 'Delete one of my models and its file (40900 while a look uses it)',
      }),
    },
    async (request) =>
      ok(await deleteModel(ctx(request), request.params.id), say2(request, looksMessages.modelDeleted)),
  );

  app.get(
    looksApi.list.path,
    {
      schema: endpointSchema(looksSchemas.list, {
        tags: TAGS,
        summary: 'My looks, by sort order',
      }),
    },
    async (request) => ok(await listLooks(ctx(request), request.query)),
  );
  app.post(
    looksApi.create.path,
    {
      schema: endpointSchema(looksSchemas.create, {
        tags: TAGS,
        summary: 'Create a look',
      }),
    },
    async (request) =>
      ok(await createLook(ctx(request), request.body), say2(request, looksMessages.lookCreated)),
  );
  app.get(
    looksApi.detail.path,
    {
      schema: endpointSchema(looksSchemas.detail, {
        tags: TAGS,
        summary: 'One of my looks with its model, background and products',
      }),
    },
    async (request) => ok(await lookDetail(ctx(request), request.params.id)),
  );
  app.put(
    looksApi.update.path,
    {
      schema: endpointSchema(looksSchemas.update, {
        tags: TAGS,
        summary: 'Replace a look and its products',
      }),
    },
    async (request) =>
      ok(
        await updateLook(ctx(request), request.params.id, request.body),
        say2(request, looksMessages.lookSaved),
      ),
  );
  app.post(
    looksApi.setOnline.path,
    {
      schema: endpointSchema(looksSchemas.setOnline, {
        tags: TAGS,
        summary: 'Put a look online (needs a ready model) or take it offline',
      }),
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
    looksApi.setSortOrder.path,
    {
      schema: endpointSchema(looksSchemas.setSortOrder, {
        tags: TAGS,
        summary: 'Change the sort order of a look',
      }),
    },
    async (request) => ok(await setLookSortOrder(ctx(request), request.params.id, request.body.sortOrder)),
  );
  app.delete(
    looksApi.remove.path,
    {
      schema: endpointSchema(looksSchemas.remove, {
        tags: TAGS,
        summary: 'Delete a look with its figures',
      }),
    },
    async (request) =>
      ok(await deleteLook(ctx(request), request.params.id), say2(request, looksMessages.lookDeleted)),
  );
  app.get(
    looksApi.stats.path,
    {
      schema: endpointSchema(looksSchemas.stats, {
        tags: TAGS,
        summary: 'Views, rotations and product taps of a look: totals and per day',
      }),
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
