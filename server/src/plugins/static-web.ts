import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './error-handler.ts';

/**
 * Serves the built SPA: hashed assets precompressed and immutable, index.html never cached,
 * and every unknown non-API GET answered with index.html so deep links work. index.html is read
 * once and sent from memory: sent as a file after the wildcard route's failed tries for the
 * deep link (.br, .gz, plain), each try's stream listeners piled up on the one response (11
 * `close` listeners, a MaxListenersExceededWarning on every page load).
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const indexFile = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`No built web app at ${options.root} (run npm run build)`);
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  await app.register(fastifyStatic, {
    root: options.root,
    preCompressed: true,
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  // The site root is a directory to the static plugin (403 without an index): it is the app too.
  app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/designerapi') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!isPage) return sendRouteNotFound(request, reply);
    return sendIndex(reply);
  });
});
