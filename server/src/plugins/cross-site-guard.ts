import { ErrorCode } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.ts';
import { crossSiteRefusal } from '../http/cross-site.ts';
import { httpMessages } from '../http/http-messages.ts';
import { message } from '../http/messages.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A state-changing route a cookie authenticates (a form the server rendered): refused with
     * 40300 unless the request comes from a page of the console's own origin
     * (`http/cross-site.ts`). Every such route sets it; the guard lives here only.
     */
    sameOriginOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one check of cross-site writes: an onRequest hook that refuses, before the body is even
 * read, a state-changing request to a `sameOriginOnly` route sent from another origin — another
 * site, or another origin of the same site such as the object store on the next port.
 */
export const crossSiteGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.sameOriginOnly || SAFE_METHODS.has(request.method)) return;
    const refusal = crossSiteRefusal({ host: request.host, headers: request.headers }, app.config.publicUrl);
    if (!refusal) return;
    request.log.info({ refusal }, 'cross-site request refused');
    throw new ApiError(ErrorCode.forbidden, httpMessages.crossSiteRefused, {
      errors: [
        { path: refusal.header, message: message(httpMessages.crossSiteHeader, { value: refusal.value }) },
      ],
    });
  });
});
