import { emptyQuerySchema, envelopeSchema, vaultBalanceSchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { vaultBalance } from './service.ts';

export async function vaultRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/vault/balance',
    {
      schema: {
        tags: ['vault'],
        summary: 'Balance cards of vault statistics (fen)',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(vaultBalanceSchema) },
      },
    },
    async (request) => ok(await vaultBalance(app.db, designerIdOf(request))),
  );
}
