import { membersApi, membersSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { membersMessages } from './messages.ts';
import { listMembers, unbindMember } from './service.ts';

/** Members bound to the session designer (self information). */
export async function membersRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    membersApi.list.path,
    {
      schema: endpointSchema(membersSchemas.list, {
        tags: ['members'],
        summary: 'Platform users bound to this designer, newest first',
      }),
    },
    async (request) => ok(await listMembers(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    membersApi.unbind.path,
    {
      schema: endpointSchema(membersSchemas.unbind, {
        tags: ['members'],
        summary: 'Unbind a member from this designer',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await unbindMember(app.db, designerIdOf(request), request.body.member_id);
      return ok(null, say(ctx.lang, membersMessages.memberUnbound));
    },
  );
}
