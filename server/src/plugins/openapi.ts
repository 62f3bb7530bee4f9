import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * The OpenAPI 3 document, generated from the routes' zod schemas: JSON at /designerapi/docs/json,
 * and a plain script-free index of the operations at /designerapi/docs.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Designer Console API', version: '1.0.0' },
      components: {
        securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'authToken' } },
      },
    },
    transform: jsonSchemaTransform,
    // Recursive schemas (the crowd-pack rule tree) are emitted as $refs into components.schemas.
    transformObject: jsonSchemaTransformObject,
  });

  app.get('/designerapi/docs/json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/designerapi/docs', { schema: { hide: true } }, async (_request, reply) => {
    const doc = app.swagger() as { paths?: Record<string, Record<string, { summary?: string }>> };
    const rows = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')}</td></tr>`,
      ),
    );
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Designer Console API</title></head><body><h1>Designer Console API</h1><p>OpenAPI 3 document: <a href="/designerapi/docs/json">/designerapi/docs/json</a></p><table>${rows.join('')}</table></body></html>`;
  });
});
