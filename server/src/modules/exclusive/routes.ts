import { exclusiveApi, exclusiveSchemas, loadRegions } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import {
  applysubDetail,
  applysubInfo,
  keepApplicationImages,
  listApplications,
  submitApplication,
} from './applications.ts';
import { bankCities, listBanks } from './banks.ts';
import { exclusiveMessages } from './messages.ts';
import { collectProvider, listProviders, uncollectProvider } from './providers.ts';

const TAGS = ['exclusive-designer'];

/**
 * 专属设计师 (issue 4 item 7): the application support calls of spec section 7 with their exact
 * paths, the application itself, and the providers with collecting.
 */
export async function exclusiveRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  // The region list validates cities and addresses: loaded once, before the first request.
  await loadRegions();

  app.get(
    exclusiveApi.applicationInfo.path,
    {
      schema: endpointSchema(exclusiveSchemas.applicationInfo, {
        tags: TAGS,
        summary: 'Application support data: providers to apply to, id types, portfolio limits, prefill',
      }),
    },
    async (request) => ok(await applysubInfo(app.db, designerIdOf(request))),
  );

  app.get(
    exclusiveApi.banks.path,
    {
      schema: endpointSchema(exclusiveSchemas.banks, {
        tags: TAGS,
        summary: 'Banks for the bank-account picker; keyword matches code, name or short name',
      }),
    },
    async (request) => ok(listBanks(request.query)),
  );

  app.get(
    exclusiveApi.bankCities.path,
    {
      schema: endpointSchema(exclusiveSchemas.bankCities, {
        tags: TAGS,
        summary: 'Without province: the provinces; with a province code: its cities',
      }),
    },
    async (request) => ok(bankCities(request.query)),
  );

  app.get(
    exclusiveApi.applicationDetail.path,
    {
      schema: endpointSchema(exclusiveSchemas.applicationDetail, {
        tags: TAGS,
        summary: "The designer's application to a provider: the latest in full, earlier ones, canSubmit",
      }),
    },
    async (request) => ok(await applysubDetail(app.db, designerIdOf(request), request.query.provider_id)),
  );

  app.get(
    exclusiveApi.applications.path,
    {
      schema: endpointSchema(exclusiveSchemas.applications, {
        tags: TAGS,
        summary: "The designer's applications, newest first; filters status, providerId",
      }),
    },
    async (request) => ok(await listApplications(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    exclusiveApi.apply.path,
    {
      schema: endpointSchema(exclusiveSchemas.apply, {
        tags: TAGS,
        summary: "Apply to become a provider's exclusive designer (again after a rejection)",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepApplicationImages(imageCheckCtxOf(app, request), request.body);
      const application = await submitApplication(app.db, designerIdOf(request), body, ctx.now);
      return ok(application, say(ctx.lang, exclusiveMessages.applicationSubmittedForReview));
    },
  );

  app.get(
    exclusiveApi.providers.path,
    {
      schema: endpointSchema(exclusiveSchemas.providers, {
        tags: TAGS,
        summary: 'Providers with collection and application status; keyword, kind, collected filters',
      }),
    },
    async (request) => ok(await listProviders(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    exclusiveApi.collectProvider.path,
    {
      schema: endpointSchema(exclusiveSchemas.collectProvider, {
        tags: TAGS,
        summary: 'Collect a provider (idempotent)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const provider = await collectProvider(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(provider, say(ctx.lang, exclusiveMessages.collected));
    },
  );

  app.delete(
    exclusiveApi.uncollectProvider.path,
    {
      schema: endpointSchema(exclusiveSchemas.uncollectProvider, {
        tags: TAGS,
        summary: 'Uncollect a provider (idempotent)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const provider = await uncollectProvider(app.db, designerIdOf(request), request.params.id);
      return ok(provider, say(ctx.lang, exclusiveMessages.removedFromCollection));
    },
  );
}
