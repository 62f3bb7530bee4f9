import { partnersApi, partnersSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { listDividends, listDynamics, listPartners } from './service.ts';

const TAGS = ['designer-partner'];

/** 设计师合伙人 (issue 4 item 8): partner companies, their dividends with totals, partner news. */
export async function partnersRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    partnersApi.list.path,
    {
      schema: endpointSchema(partnersSchemas.list, {
        tags: TAGS,
        summary: "The designer's partner companies with dividend totals",
      }),
    },
    async (request) => ok(await listPartners(app.db, designerIdOf(request), request.query)),
  );

  app.get(
    partnersApi.dividends.path,
    {
      schema: endpointSchema(partnersSchemas.dividends, {
        tags: TAGS,
        summary: "A partner company's dividends by period, with totals {revenue, amount, paid, pending}",
      }),
    },
    async (request) =>
      ok(await listDividends(app.db, designerIdOf(request), request.params.id, request.query)),
  );

  app.get(
    partnersApi.dynamics.path,
    {
      schema: endpointSchema(partnersSchemas.dynamics, {
        tags: TAGS,
        summary: 'News of the partner companies, newest first',
      }),
    },
    async (request) => ok(await listDynamics(app.db, designerIdOf(request), request.query)),
  );
}
