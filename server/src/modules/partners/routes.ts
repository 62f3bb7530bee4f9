import {
  dividendListQuerySchema,
  dividendPageSchema,
  envelopeSchema,
  idParamsSchema,
  listPageSchema,
  partnerCompanySchema,
  partnerDynamicSchema,
  partnerDynamicsQuerySchema,
  partnerListQuerySchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { listDividends, listDynamics, listPartners } from './service.ts';

const TAGS = ['designer-partner'];

/** 设计师合伙人 (issue 4 item 8): partner companies, their dividends with totals, partner news. */
export async function partnersRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/partners',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's partner companies with dividend totals",
        querystring: partnerListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(partnerCompanySchema)) },
      },
    },
    async (request) => ok(await listPartners(app.db, designerIdOf(request), request.query)),
  );

  app.get(
    '/partners/:id/dividends',
    {
      schema: {
        tags: TAGS,
        summary: "A partner company's dividends by period, with totals {revenue, amount, paid, pending}",
        params: idParamsSchema,
        querystring: dividendListQuerySchema,
        response: { 200: envelopeSchema(dividendPageSchema) },
      },
    },
    async (request) =>
      ok(await listDividends(app.db, designerIdOf(request), request.params.id, request.query)),
  );

  app.get(
    '/partner-dynamics',
    {
      schema: {
        tags: TAGS,
        summary: 'News of the partner companies, newest first',
        querystring: partnerDynamicsQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(partnerDynamicSchema)) },
      },
    },
    async (request) => ok(await listDynamics(app.db, designerIdOf(request), request.query)),
  );
}
