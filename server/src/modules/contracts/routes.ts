import { contractsApi, contractsSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
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
    contractsApi.list.path,
    {
      schema: endpointSchema(contractsSchemas.list, {
        tags: TAGS,
        summary:
          'Contracts: filters status, type, direction, providerId, keyword, dateFrom/dateTo; sorted, paged',
      }),
    },
    async (request) => ok(await listContracts(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    contractsApi.create.path,
    {
      schema: endpointSchema(contractsSchemas.create, {
        tags: TAGS,
        summary: 'Create a contract; it goes to pending audit (1)',
      }),
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
    contractsApi.detail.path,
    {
      schema: endpointSchema(contractsSchemas.detail, {
        tags: TAGS,
        summary: 'One contract with its parent, children and timeline',
      }),
    },
    async (request) => ok(await getContract(app.db, designerIdOf(request), request.params.id)),
  );
}
