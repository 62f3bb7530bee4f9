import {
  contractCreateBodySchema,
  contractDetailSchema,
  contractItemSchema,
  contractListQuerySchema,
  envelopeSchema,
  idParamsSchema,
  listPageSchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import { ownAttachments } from './attachments.ts';
import { contractsMessages } from './messages.ts';
import { createContract, getContract, listContracts } from './service.ts';

const TAGS = ['contracts'];

/** Contracts with providers (issue 4 item 7; spec section 4 states, types, directions). */
export async function contractsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/contracts',
    {
      schema: {
        tags: TAGS,
        summary:
          'Contracts: filters status, type, direction, providerId, keyword, dateFrom/dateTo; sorted, paged',
        querystring: contractListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(contractItemSchema)) },
      },
    },
    async (request) => ok(await listContracts(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    '/contracts',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a contract; it goes to pending audit (1)',
        body: contractCreateBodySchema,
        response: { 200: envelopeSchema(contractDetailSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const images = imageCheckCtxOf(app, request);
      const contract = await createContract(
        app.db,
        designerIdOf(request),
        request.body,
        ctx.now,
        (list, tx) => ownAttachments({ ...images, db: tx }, list),
      );
      return ok(contract, say(ctx.lang, contractsMessages.contractSubmittedForAudit));
    },
  );

  app.get(
    '/contracts/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One contract with its parent, children and timeline',
        params: idParamsSchema,
        response: { 200: envelopeSchema(contractDetailSchema) },
      },
    },
    async (request) => ok(await getContract(app.db, designerIdOf(request), request.params.id)),
  );
}
