import { envelopeSchema, type MenuRoute, menuAnswerSchema, menuApi, menuSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { constantAnswers, sendJson } from '../../http/constant-answer.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { menuFor } from './service.ts';

export async function menuRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  const answer = envelopeSchema(menuAnswerSchema);
  // The two trees are constants: each is checked and serialized once, not per request.
  const menuJson = constantAnswers<MenuRoute[]>(answer, (list) => ({ list }));

  app.get(
    menuApi.tree.path,
    {
      schema: endpointSchema(menuSchemas.tree, {
        tags: ['menu'],
        summary: "The session designer's route tree (menus)",
        response: { 200: answer },
      }),
    },
    async (request, reply) => sendJson(reply, menuJson(await menuFor(app.db, designerIdOf(request)))),
  );
}
