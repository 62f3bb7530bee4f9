import { emptyQuerySchema, envelopeSchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';

/** Liveness and database reachability, for load balancers and the start script. */
export function healthRoutes(ping: () => Promise<void>) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Server and database are up',
          querystring: emptyQuerySchema,
          response: { 200: envelopeSchema(z.object({ database: z.literal('up') })) },
        },
      },
      async () => {
        await ping();
        return ok({ database: 'up' as const });
      },
    );
  };
}
