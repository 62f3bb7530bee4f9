import { imageFilesApi, imageFilesSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/api-error.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { IMAGE_REDIRECT_MAX_AGE_SECONDS, imageInStore, signedImageLink } from './store.ts';

/**
 * `GET /designerapi/v1/image-files/<key>`: a stored image (uploaded, or a demo picture) by its
 * lasting address: a redirect to a signed link of the object store. Public, as an <img> sends no
 * authToken; the key (128 random bits for uploads) is what makes the address private.
 */
export async function imageFilesRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    imageFilesApi.show.path,
    {
      schema: endpointSchema(imageFilesSchemas.show, {
        tags: ['images'],
        summary: 'A stored image by its lasting address (302 to a signed object-store link)',
      }),
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!(await imageInStore(app.db, app.config, key))) throw notFound();
      const link = await signedImageLink(
        app.config,
        key,
        { protocol: request.protocol, host: request.host },
        app.config.now(),
      );
      return reply
        .header('cache-control', `private, max-age=${IMAGE_REDIRECT_MAX_AGE_SECONDS}`)
        .redirect(link, 302);
    },
  );
}
