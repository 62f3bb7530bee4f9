import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { enterLightRequest, type RequestTraffic, withinRequest } from '../db/light-traffic.ts';
import { databaseKey } from '../db/query-budget.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose answer stays open (the notification stream): not counted as a light request
     * in flight, or heavy work would wait on it for as long as the stream lives.
     */
    longLived?: boolean;
  }
}

/**
 * Counts every request as light while it is in flight (`db/light-traffic.ts`), so that heavy
 * statements on PGlite wait for light requests instead of the other way round. The handler runs
 * inside the request's traffic context; it leaves when answered, when the client goes, or when
 * it starts streaming a body: a stream is read outside the handler's context, so its heavy turns
 * could not say whose they are, and a request waiting on itself slowed a 20,000-member export
 * from 9 s to 62 s.
 */
export const lightTrafficPlugin = fp(async (app: FastifyInstance) => {
  const key = databaseKey(app.db);
  app.decorateRequest('lightTraffic', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.longLived) {
      const traffic = enterLightRequest(key);
      request.lightTraffic = traffic;
      reply.raw.once('close', traffic.leave);
    }
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.lightTraffic) withinRequest(request.lightTraffic, done);
    else done();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (payload instanceof Stream) request.lightTraffic?.leave();
    return payload;
  });
  const leave = async (request: FastifyRequest) => request.lightTraffic?.leave();
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', leave);
});

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's count as a light request (see lightTrafficPlugin). */
    lightTraffic?: RequestTraffic;
  }
}
