import { boutiqueApi, boutiqueSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountCtx } from '../../http/account-context.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { say } from '../../http/messages.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { imageCheckCtxOf } from '../image-files/index.ts';
import { createBrand, deleteBrand, getBrandPage, listBrands, updateBrand } from './brands.ts';
import { createProduct, deleteDraft, duplicateProduct, setProductsStatus, updateProduct } from './editing.ts';
import { keepBrandImages, keepProductImages } from './images.ts';
import { boutiqueMessages } from './messages.ts';
import { getProduct, listProductOrders, listProducts, stockHistory } from './service.ts';

const TAGS = ['boutique'];

/** 商家精品 (issue 7 items 1–3): products with variants, orders, stock history, brands. */
export async function boutiqueRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    boutiqueApi.list.path,
    {
      schema: endpointSchema(boutiqueSchemas.list, {
        tags: TAGS,
        summary: "The designer's boutique products, filtered, sorted and paged",
      }),
    },
    async (request) => ok(await listProducts(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    boutiqueApi.create.path,
    {
      schema: endpointSchema(boutiqueSchemas.create, {
        tags: TAGS,
        summary: 'Create a product with its variant matrix',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const designerId = designerIdOf(request);
      const body = await keepProductImages(imageCheckCtxOf(app, request), request.body);
      const id = await createProduct(app.db, designerId, body, ctx.now);
      return ok(await getProduct(app.db, designerId, id), say(ctx.lang, boutiqueMessages.productCreated));
    },
  );

  app.post(
    boutiqueApi.batchStatus.path,
    {
      schema: endpointSchema(boutiqueSchemas.batchStatus, {
        tags: TAGS,
        summary: 'Put products on sale or off the shelf, all or none',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const { ids, status } = request.body;
      const updated = await setProductsStatus(app.db, designerIdOf(request), ids, status, ctx.now);
      return ok(
        { updated },
        status === 'on_sale'
          ? say(ctx.lang, boutiqueMessages.putOnSale)
          : say(ctx.lang, boutiqueMessages.takenOffTheShelf),
      );
    },
  );

  app.get(
    boutiqueApi.detail.path,
    {
      schema: endpointSchema(boutiqueSchemas.detail, {
        tags: TAGS,
        summary: 'A product as a buyer sees it, with its order figures',
      }),
    },
    async (request) => ok(await getProduct(app.db, designerIdOf(request), request.params.id)),
  );

  app.put(
    boutiqueApi.update.path,
    {
      schema: endpointSchema(boutiqueSchemas.update, {
        tags: TAGS,
        summary: 'Replace a product and its variants',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const designerId = designerIdOf(request);
      const body = await keepProductImages(imageCheckCtxOf(app, request), request.body, request.params.id);
      await updateProduct(app.db, designerId, request.params.id, body, ctx.now);
      return ok(
        await getProduct(app.db, designerId, request.params.id),
        say(ctx.lang, boutiqueMessages.productSaved),
      );
    },
  );

  app.delete(
    boutiqueApi.remove.path,
    {
      schema: endpointSchema(boutiqueSchemas.remove, {
        tags: TAGS,
        summary: 'Delete a draft product',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteDraft(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, boutiqueMessages.draftDeleted));
    },
  );

  app.post(
    boutiqueApi.duplicate.path,
    {
      schema: endpointSchema(boutiqueSchemas.duplicate, {
        tags: TAGS,
        summary: 'Copy a product as a new draft (stock 0, SKUs suffixed)',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const designerId = designerIdOf(request);
      const mark = say(ctx.lang, boutiqueMessages.copy);
      const id = await duplicateProduct(app.db, designerId, request.params.id, mark, ctx.now);
      return ok(await getProduct(app.db, designerId, id), say(ctx.lang, boutiqueMessages.copiedAsADraft));
    },
  );

  app.get(
    boutiqueApi.orders.path,
    {
      schema: endpointSchema(boutiqueSchemas.orders, {
        tags: TAGS,
        summary: "A product's orders, newest first",
      }),
    },
    async (request) =>
      ok(await listProductOrders(app.db, designerIdOf(request), request.params.id, request.query)),
  );

  app.get(
    boutiqueApi.stockHistory.path,
    {
      schema: endpointSchema(boutiqueSchemas.stockHistory, {
        tags: TAGS,
        summary: "A product's daily stock level and latest stock movements",
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await stockHistory(app.db, designerIdOf(request), request.params.id, request.query.days, ctx.now),
      );
    },
  );

  app.get(
    boutiqueApi.brands.path,
    {
      schema: endpointSchema(boutiqueSchemas.brands, {
        tags: TAGS,
        summary: "The designer's brands with their product counts",
      }),
    },
    async (request) => ok(await listBrands(app.db, designerIdOf(request))),
  );

  app.post(
    boutiqueApi.createBrand.path,
    {
      schema: endpointSchema(boutiqueSchemas.createBrand, {
        tags: TAGS,
        summary: 'Create a brand',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepBrandImages(imageCheckCtxOf(app, request), request.body);
      const brand = await createBrand(app.db, designerIdOf(request), body, ctx.now);
      return ok(brand, say(ctx.lang, boutiqueMessages.brandCreated));
    },
  );

  app.get(
    boutiqueApi.brandPage.path,
    {
      schema: endpointSchema(boutiqueSchemas.brandPage, {
        tags: TAGS,
        summary: 'The brand page: the brand and its products',
      }),
    },
    async (request) => ok(await getBrandPage(app.db, designerIdOf(request), request.params.id)),
  );

  app.put(
    boutiqueApi.updateBrand.path,
    {
      schema: endpointSchema(boutiqueSchemas.updateBrand, {
        tags: TAGS,
        summary: 'Replace a brand',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepBrandImages(imageCheckCtxOf(app, request), request.body, request.params.id);
      const brand = await updateBrand(app.db, designerIdOf(request), request.params.id, body, ctx.now);
      return ok(brand, say(ctx.lang, boutiqueMessages.brandSaved));
    },
  );

  app.delete(
    boutiqueApi.removeBrand.path,
    {
      schema: endpointSchema(boutiqueSchemas.removeBrand, {
        tags: TAGS,
        summary: 'Delete a brand no product carries',
      }),
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteBrand(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, boutiqueMessages.brandDeleted));
    },
  );
}
