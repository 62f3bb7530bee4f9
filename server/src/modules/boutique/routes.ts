import {
  brandBodySchema,
  brandPageSchema,
  brandSchema,
  emptyQuerySchema,
  envelopeSchema,
  idParamsSchema,
  listPageSchema,
  orderItemSchema,
  productBatchAnswerSchema,
  productBatchStatusBodySchema,
  productBodySchema,
  productDetailSchema,
  productItemSchema,
  productListQuerySchema,
  productOrdersQuerySchema,
  stockHistoryQuerySchema,
  stockHistorySchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCtx } from '../../http/account-context.ts';
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
const detailAnswer = { 200: envelopeSchema(productDetailSchema) };
const brandAnswer = { 200: envelopeSchema(brandSchema) };

/** 商家精品 (issue 7 items 1–3): products with variants, orders, stock history, brands. */
export async function boutiqueRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/products',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's boutique products, filtered, sorted and paged",
        querystring: productListQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(productItemSchema)) },
      },
    },
    async (request) => ok(await listProducts(app.db, designerIdOf(request), request.query)),
  );

  app.post(
    '/products',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a product with its variant matrix',
        body: productBodySchema,
        response: detailAnswer,
      },
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
    '/products/batch-status',
    {
      schema: {
        tags: TAGS,
        summary: 'Put products on sale or off the shelf, all or none',
        body: productBatchStatusBodySchema,
        response: { 200: envelopeSchema(productBatchAnswerSchema) },
      },
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
    '/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A product as a buyer sees it, with its order figures',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await getProduct(app.db, designerIdOf(request), request.params.id)),
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace a product and its variants',
        params: idParamsSchema,
        body: productBodySchema,
        response: detailAnswer,
      },
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
    '/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a draft product',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteDraft(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, boutiqueMessages.draftDeleted));
    },
  );

  app.post(
    '/products/:id/duplicate',
    {
      schema: {
        tags: TAGS,
        summary: 'Copy a product as a new draft (stock 0, SKUs suffixed)',
        params: idParamsSchema,
        response: detailAnswer,
      },
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
    '/products/:id/orders',
    {
      schema: {
        tags: TAGS,
        summary: "A product's orders, newest first",
        params: idParamsSchema,
        querystring: productOrdersQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(orderItemSchema)) },
      },
    },
    async (request) =>
      ok(await listProductOrders(app.db, designerIdOf(request), request.params.id, request.query)),
  );

  app.get(
    '/products/:id/stock-history',
    {
      schema: {
        tags: TAGS,
        summary: "A product's daily stock level and latest stock movements",
        params: idParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: envelopeSchema(stockHistorySchema) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      return ok(
        await stockHistory(app.db, designerIdOf(request), request.params.id, request.query.days, ctx.now),
      );
    },
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: TAGS,
        summary: "The designer's brands with their product counts",
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(listPageSchema(brandSchema)) },
      },
    },
    async (request) => ok(await listBrands(app.db, designerIdOf(request))),
  );

  app.post(
    '/brands',
    { schema: { tags: TAGS, summary: 'Create a brand', body: brandBodySchema, response: brandAnswer } },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepBrandImages(imageCheckCtxOf(app, request), request.body);
      const brand = await createBrand(app.db, designerIdOf(request), body, ctx.now);
      return ok(brand, say(ctx.lang, boutiqueMessages.brandCreated));
    },
  );

  app.get(
    '/brands/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'The brand page: the brand and its products',
        params: idParamsSchema,
        querystring: emptyQuerySchema,
        response: { 200: envelopeSchema(brandPageSchema) },
      },
    },
    async (request) => ok(await getBrandPage(app.db, designerIdOf(request), request.params.id)),
  );

  app.put(
    '/brands/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace a brand',
        params: idParamsSchema,
        body: brandBodySchema,
        response: brandAnswer,
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      const body = await keepBrandImages(imageCheckCtxOf(app, request), request.body, request.params.id);
      const brand = await updateBrand(app.db, designerIdOf(request), request.params.id, body, ctx.now);
      return ok(brand, say(ctx.lang, boutiqueMessages.brandSaved));
    },
  );

  app.delete(
    '/brands/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a brand no product carries',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const ctx = accountCtx(app, request);
      await deleteBrand(app.db, designerIdOf(request), request.params.id);
      return ok(null, say(ctx.lang, boutiqueMessages.brandDeleted));
    },
  );
}
