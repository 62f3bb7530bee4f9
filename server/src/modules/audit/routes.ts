import { auditApi, auditSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { listAuditEvents } from './service.ts';

/** 个人信息 › 操作记录 (issue 11 item 4): read-only; nothing updates or deletes an event. */
export async function auditRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    auditApi.list.path,
    {
      schema: endpointSchema(auditSchemas.list, {
        tags: ['self-information'],
        summary: 'The session designer’s audit log: sign-ins, bindings, money, exports, deletions',
      }),
    },
    async (request) => ok(await listAuditEvents(app.db, designerIdOf(request), request.query)),
  );
}
