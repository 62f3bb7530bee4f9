import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationSummarySchema,
  applysubDetailQuerySchema,
  applysubDetailSchema,
  applysubInfoSchema,
  bankCityQuerySchema,
  bankQuerySchema,
  bankSchema,
  emptyQuerySchema,
  envelopeSchema,
  exclusiveApplicationBodySchema,
  idParamsSchema,
  listPageSchema,
  loadRegions,
  providerListQuerySchema,
  providerSchema,
  regionSchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
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
    '/getApplysubInfo',
    {
      schema: {
        tags: TAGS,
        summary: 'Application support data: providers to apply to, id types, portfolio limits, prefill',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(applysubInfoSchema) },
      },
    },
    async (request) => ok(await applysubInfo(app.db, designerIdOf(request))),
  );

  app.get(
    '/getBanks',
    {
      schema: {
        tags: TAGS,
        summary: 'Banks for the bank-account picker; keyword matches code, name or short name',
        querystring: bankQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(bankSchema)) },
      },
    },
    async (request) => ok(listBanks(request.query)),
  );

  app.get(
    '/getBankCitys',
    {
      schema: {
        tags: TAGS,
        summary: 'Without province: the provinces; with a province code: its cities',
        querystring: bankCityQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(regionSchema)) },
      },
    },
    async (request) => ok(bankCities(request.query)),
  );

  app.get(
    '/yiDesigner/applysubDetail',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's application to a provider: the latest in full, earlier ones, canSubmit",
        querystring: applysubDetailQuerySchema,
        response: { 200: envelopeSchema(applysubDetailSchema) },
      },
    },
    async (request) => ok(await applysubDetail(app.db, designerIdOf(request), request.query.provider_id)),
  );

  app.get(
    '/exclusive-applications',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's applications, newest first; filters status, providerId",
        querystring: applicationListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(applicationSummarySchema)) },
      },
    },
    async (request) => ok(await listApplications(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    '/exclusive-applications',
    {
      schema: {
        tags: TAGS,
        summary: "Apply to become a provider's exclusive designer (again after a rejection)",
        body: exclusiveApplicationBodySchema,
        response: { 200: envelopeSchema(applicationDetailSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepApplicationImages(imageCheckCtxOf(app, request), request.body);
      const application = await submitApplication(app.db, designerIdOf(request), body, ctx.now);
      return ok(application, say(ctx.lang, exclusiveMessages.applicationSubmittedForReview));
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: TAGS,
        summary: 'Providers with collection and application status; keyword, kind, collected filters',
        querystring: providerListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(providerSchema)) },
      },
    },
    async (request) => ok(await listProviders(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    '/providers/:id/collect',
    {
      schema: {
        tags: TAGS,
        summary: 'Collect a provider (idempotent)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(providerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const provider = await collectProvider(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(provider, say(ctx.lang, exclusiveMessages.collected));
    },
  );

  app.delete(
    '/providers/:id/collect',
    {
      schema: {
        tags: TAGS,
        summary: 'Uncollect a provider (idempotent)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(providerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const provider = await uncollectProvider(app.db, designerIdOf(request), request.params.id);
      return ok(provider, say(ctx.lang, exclusiveMessages.removedFromCollection));
    },
  );
}
