import { healthApi, healthSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';

/** Liveness and database reachability, for load balancers and the start script. */
export function healthRoutes(ping: () => Promise<void>) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      healthApi.check.path,
      {
        schema: endpointSchema(healthSchemas.check, {
          tags: ['health'],
          summary: 'Server and database are up',
        }),
      },
      async () => {
        await ping();
        return ok({ database: 'up' as const });
      },
    );
  };
}
