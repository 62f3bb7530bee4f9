import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enterLightRequest } from '../db/light-traffic.ts';
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
 * statements on PGlite wait for light requests instead of the other way round. The request runs
 * inside its traffic context from here on; it leaves when answered or when the client goes.
 */
export const lightTrafficPlugin = fp(async (app: FastifyInstance) => {
  const key = databaseKey(app.db);
  app.decorateRequest('lightTrafficLeave', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.longLived) {
      done();
      return;
    }
    enterLightRequest(key, (leave) => {
      request.lightTrafficLeave = leave;
      reply.raw.once('close', leave);
      done();
    });
  });
  const leaveOf = async (request: { lightTrafficLeave?: () => void }) => request.lightTrafficLeave?.();
  app.addHook('onResponse', leaveOf);
  app.addHook('onRequestAbort', leaveOf);
});

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends this request's count as a light request (see lightTrafficPlugin). */
    lightTrafficLeave?: () => void;
  }
}
