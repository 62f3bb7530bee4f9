import {
  emptyQuerySchema,
  envelopeSchema,
  idParamsSchema,
  listPageSchema,
  loadRegions,
  shopAddressBodySchema,
  shopAddressDeleteAnswerSchema,
  shopAddressSchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
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
    '/shop-addresses',
    {
      schema: {
        tags: TAGS,
        summary: 'Shop addresses, the default first',
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(shopAddressSchema)) },
      },
    },
    async (request) => ok(await listAddresses(app.db, designerIdOf(request))),
  );

  app.post(
    '/shop-addresses',
    {
      schema: {
        tags: TAGS,
        summary: 'Add an address (at most 20; the first is the default)',
        body: shopAddressBodySchema,
        response: { 200: envelopeSchema(shopAddressSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const address = await createAddress(app.db, designerIdOf(request), request.body, ctx.now);
      return ok(address, say(ctx.lang, addressesMessages.addressAdded));
    },
  );

  app.put(
    '/shop-addresses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace an address',
        params: idParamsSchema,
        body: shopAddressBodySchema,
        response: { 200: envelopeSchema(shopAddressSchema) },
      },
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
    '/shop-addresses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an address; deleting the default passes the flag to the latest other one',
        params: idParamsSchema,
        response: { 200: envelopeSchema(shopAddressDeleteAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const answer = await deleteAddress(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(answer, say(ctx.lang, addressesMessages.addressDeleted));
    },
  );

  app.post(
    '/shop-addresses/:id/default',
    {
      schema: {
        tags: TAGS,
        summary: 'Make this address the default',
        params: idParamsSchema,
        response: { 200: envelopeSchema(shopAddressSchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const address = await setDefaultAddress(app.db, designerIdOf(request), request.params.id, ctx.now);
      return ok(address, say(ctx.lang, addressesMessages.setAsDefault));
    },
  );
}
