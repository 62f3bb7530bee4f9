import { addressesApi, addressesSchemas, loadRegions } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { addressesMessages } from './messages.ts';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from './service.ts';

const TAGS = ['shop-address'];

/** 店铺地址 (issue 4 item 9): at most 20 addresses, exactly one default. */
export async function addressesRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  // The region list validates cities and addresses: loaded once, before the first request.
  await loadRegions();

  app.get(
    addressesApi.list.path,
    {
      schema: endpointSchema(addressesSchemas.list, {
        tags: TAGS,
        summary: 'Shop addresses, the default first',
      }),
    },
    async (request) => ok(await listAddresses(app.db, designerIdOf(request))),
  );

  app.post(
    addressesApi.create.path,
    {
      schema: endpointSchema(addressesSchemas.create, {
        tags: TAGS,
        summary: 'Add an address (at most 20; the first is the default)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const address = await createAddress(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(address, say(ctx.lang, addressesMessages.addressAdded));
    },
  );

  app.put(
    addressesApi.update.path,
    {
      schema: endpointSchema(addressesSchemas.update, {
        tags: TAGS,
        summary: 'Replace an address',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const address = await updateAddress(
        app.db,
        designerIdOf(request),
        request.params.id,
        request.body,
        ctx.now,
      );
      return ok(address, say(ctx.lang, addressesMessages.addressSaved));
    },
  );

  app.delete(
    addressesApi.remove.path,
    {
      schema: endpointSchema(addressesSchemas.remove, {
        tags: TAGS,
        summary: 'Delete an address; deleting the default passes the flag to the latest other one',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await deleteAddress(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(answer, say(ctx.lang, addressesMessages.addressDeleted));
    },
  );

  app.post(
    addressesApi.setDefault.path,
    {
      schema: endpointSchema(addressesSchemas.setDefault, {
        tags: TAGS,
        summary: 'Make this address the default',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const address = await setDefaultAddress(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(address, say(ctx.lang, addressesMessages.setAsDefault));
    },
  );
}
