import {
  envelopeSchema,
  listPageSchema,
  memberItemSchema,
  memberListQuerySchema,
  unbindMemberBodySchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
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
    '/members',
    {
      schema: {
        tags: ['members'],
        summary: 'Platform users bound to this designer, newest first',
        querystring: memberListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(memberItemSchema)) },
      },
    },
    async (request) => ok(await listMembers(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    '/yiDesigner/unbindMember',
    {
      schema: {
        tags: ['members'],
        summary: 'Unbind a member from this designer',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: unbindMemberBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await unbindMember(app.db, designerIdOf(request), request.body.member_id);
      return ok(null, say(ctx.lang, membersMessages.memberUnbound));
    },
  );
}
