import { type ImageRenditionWidth, imageFilesApi, imageFilesSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { shownRendition } from './renditions.ts';
import { IMAGE_REDIRECT_MAX_AGE_SECONDS, imageInStore, signedImageLink } from './store.ts';

/**
 * `GET /designerapi/v1/image-files/<key>[?w=160|480|1280]`: a stored image (uploaded, or a demo
 * picture) by its lasting address, or its WebP rendition of that width: a redirect to a signed
 * link of the object store. Public, as an <img> sends no authToken; the key (128 random bits for
 * uploads) is what makes the address private.
 */
export async function imageFilesRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    imageFilesApi.show.path,
    {
      schema: endpointSchema(imageFilesSchemas.show, {
        tags: ['images'],
        summary: 'A stored image, or its rendition of a width, by its lasting address (302 to a signed link)',
      }),
    },
    async (request, reply) => {
      const key = request.params['*'];
      const width = request.query.w as ImageRenditionWidth | undefined;
      if (!(await imageInStore(app.db, app.config, key))) throw notFound();
      const shown = width === undefined ? key : await shownRendition(app.db, app.config, key, width);
      if (!shown) throw notFound();
      const link = await signedImageLink(
        app.config,
        shown,
        { protocol: request.protocol, host: request.host },
        app.config.now(),
      );
      if (!link) throw notFound();
      return reply
        .header('cache-control', `private, max-age=${IMAGE_REDIRECT_MAX_AGE_SECONDS}`)
        .redirect(link, 302);
    },
  );
}
