import { registerApi, registerSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { registerMessages } from './messages.ts';
import { registerDesigner } from './service.ts';

/** Registration (`/start/register`, `/register`). */
export async function registerRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    registerApi.register.path,
    {
      schema: endpointSchema(registerSchemas.register, {
        tags: ['accounts'],
        summary: 'Register: phone + code + password + nickname, terms accepted; answers a session',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(await registerDesigner(ctx, request.body), say(ctx.lang, registerMessages.registered));
    },
  );
}
