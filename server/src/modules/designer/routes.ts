import { designerInfoSchema, emptyQuerySchema, envelopeSchema, modifyInfoBodySchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { getDesignerInfo, updateDesignerInfo } from './service.ts';

export async function designerRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/yiDesigner/modifyInfo',
    {
      schema: {
        tags: ['designer'],
        summary: "The session designer's own info",
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(designerInfoSchema) },
      },
    },
    async (request) => ok(await getDesignerInfo(app.db, designerIdOf(request))),
  );

  app.post(
    '/yiDesigner/modifyInfo',
    {
      schema: {
        tags: ['designer'],
        summary: 'Change nickname or avatar',
        body: modifyInfoBodySchema,
        response: { 200: envelopeSchema(designerInfoSchema) },
      },
    },
    async (request) => ok(await updateDesignerInfo(app.db, designerIdOf(request), request.body), '修改成功'),
  );
}
