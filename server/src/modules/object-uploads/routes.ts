import {
  OBJECT_UPLOAD_KEY_ID_HEADER,
  OBJECT_UPLOAD_TOKEN_HEADER,
  objectUploadsApi,
  objectUploadsSchemas,
} from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import {
  abortUpload,
  completeUpload,
  initiateUpload,
  listUploadParts,
  type ObjectUploadCtx,
  partUrl,
  type UploadCredentialHeaders,
} from './service.ts';

const TAGS = ['object-uploads'];

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * Presigned part URLs (issue 19, S3 without STS): the multipart calls of one upload, run by the
 * server for the key of the upload credentials the headers carry. No session: a request proves
 * the grant, so a page of another site can neither ride a cookie here nor name another key.
 */
export async function objectUploadsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const ctxOf = (): ObjectUploadCtx => ({ config: app.config, now: app.config.now() });
  const credentialsOf = (request: FastifyRequest): UploadCredentialHeaders => ({
    accessKeyId: header(request, OBJECT_UPLOAD_KEY_ID_HEADER),
    securityToken: header(request, OBJECT_UPLOAD_TOKEN_HEADER),
  });
  const doc = (summary: string) => ({ tags: TAGS, summary });

  app.post(
    objectUploadsApi.initiate.path,
    {
      schema: endpointSchema(
        objectUploadsSchemas.initiate,
        doc('Start the multipart upload of the grant’s key'),
      ),
    },
    async (request) => ok(await initiateUpload(ctxOf(), credentialsOf(request), request.body)),
  );
  app.post(
    objectUploadsApi.part.path,
    {
      schema: endpointSchema(
        objectUploadsSchemas.part,
        doc('A presigned PUT URL for one part of exactly `size` bytes'),
      ),
    },
    async (request) => ok(await partUrl(ctxOf(), credentialsOf(request), request.body)),
  );
  app.post(
    objectUploadsApi.listParts.path,
    {
      schema: endpointSchema(objectUploadsSchemas.listParts, doc('The parts the store holds (for a resume)')),
    },
    async (request) => ok(await listUploadParts(ctxOf(), credentialsOf(request), request.body)),
  );
  app.post(
    objectUploadsApi.complete.path,
    {
      schema: endpointSchema(
        objectUploadsSchemas.complete,
        doc('Assemble the object: at most the declared size, never over one'),
      ),
    },
    async (request) => ok(await completeUpload(ctxOf(), credentialsOf(request), request.body)),
  );
  app.post(
    objectUploadsApi.abort.path,
    { schema: endpointSchema(objectUploadsSchemas.abort, doc('Discard the upload and its parts')) },
    async (request) => ok(await abortUpload(ctxOf(), credentialsOf(request), request.body)),
  );
}
