import { emptyQuerySchema, envelopeSchema, menuAnswerSchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { menuFor } from './service.ts';

export async function menuRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/menu',
    {
      schema: {
        tags: ['menu'],
        summary: "The session designer's route tree (menus)",
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(menuAnswerSchema) },
      },
    },
    async (request) => ok({ list: await menuFor(app.db, designerIdOf(request)) }),
  );
}
