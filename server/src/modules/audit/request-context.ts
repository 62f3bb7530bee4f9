import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The request being served, for the audit log's who and from where. */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();
const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Keeps the request reachable from the services it calls, so `recordAuditEvent` can name the
 * session, address and user agent without every service taking the request. The body parsers
 * resume in stream callbacks outside the context; preValidation re-enters it (the pattern of
 * @fastify/request-context).
 */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequest.run(request, () => {
      const resource = new AsyncResource('dc-request-context');
      resourceOf.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resourceOf.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
});

/** The request being served, or undefined outside one (the admin CLI, the scheduler). */
export const requestInContext = (): FastifyRequest | undefined => currentRequest.getStore();
