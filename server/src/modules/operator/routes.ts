import { ErrorCode, operatorApi, operatorSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { executeAdminCommand } from '../../admin/execute.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { fromLoopback } from '../../http/loopback.ts';
import { operatorMessages } from './messages.ts';
import { operatorTokenMatches } from './service.ts';

/**
 * `POST /dev/operator {argv}`: the operator CLI's commands run by the server itself, for a
 * server on the embedded database, which no second process may open. Not in the OpenAPI
 * document; answered only to this machine (as the SMS outbox) and only with the bearer token
 * of `DATA_DIR/operator.json`, which main.ts writes while the server runs.
 */
export async function operatorRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    operatorApi.run.path,
    {
      schema: endpointSchema(operatorSchemas.run, {
        tags: ['operator'],
        summary: 'Run an operator CLI command (embedded database, this machine, operator token)',
        hide: true,
      }),
      // Refused before the body is read: only a local caller with the token gets that far.
      onRequest: async (request) => {
        if (app.config.databaseUrl) throw notFound();
        if (!fromLoopback(request)) {
          throw new ApiError(ErrorCode.forbidden, operatorMessages.loopbackOnly);
        }
        if (!operatorTokenMatches(app.config.dataDir, request.headers.authorization)) {
          throw new ApiError(ErrorCode.tokenInvalid, operatorMessages.wrongToken);
        }
      },
    },
    async (request) => {
      request.log.info({ command: request.body.argv.slice(0, 2).join(' ') }, 'operator command');
      return ok(await executeAdminCommand(app.db, request.body.argv, new Date()));
    },
  );
}
