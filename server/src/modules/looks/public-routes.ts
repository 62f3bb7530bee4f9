import { looksApi, looksSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { ASSET_TYPES, shippedAsset } from './asset-cache.ts';
import type { CtxOf } from './context.ts';
import { publicLook, recordLookEvent } from './public.ts';

/** The OpenAPI tag of the area's routes (as routes.ts). */
const TAGS = ['3d-recommend'];

/** No session: the public page `/3D-h5` and the shipped files it loads. */
export async function publicRoutes(scope: FastifyInstance, ctxOf: CtxOf) {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    looksApi.publicDetail.path,
    {
      schema: endpointSchema(looksSchemas.publicDetail, {
        tags: TAGS,
        summary: 'An online look for the public page (offline or unknown: 40400)',
      }),
    },
    async (request) => ok(await publicLook(ctxOf(app, request, 0), request.params.id)),
  );
  app.post(
    looksApi.publicEvent.path,
    {
      schema: endpointSchema(looksSchemas.publicEvent, {
        tags: TAGS,
        summary: 'Count a view, a rotation or a product tap (rate-limited per address)',
      }),
    },
    async (request) =>
      ok(await recordLookEvent(ctxOf(app, request, 0), request.params.id, request.body, request.ip)),
  );
  app.get(
    looksApi.asset.path,
    {
      schema: endpointSchema(looksSchemas.asset, {
        tags: TAGS,
        summary: 'A shipped model (.glb) or poster (.png)',
      }),
    },
    async (request, reply) => {
      const { file } = request.params;
      const asset = await shippedAsset(file);
      if (!asset) throw notFound();
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply
        .type(ASSET_TYPES[file.split('.').pop()!]!)
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding');
      // The .glb shrinks to about half with gzip; the PNG posters are compressed already.
      if (gzip && asset.gzip) return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.raw);
    },
  );
}
