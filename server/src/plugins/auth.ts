import { AUTH_TOKEN_HEADER } from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, type SessionPolicy, type SessionPrincipal } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's designer; set by `requireSession`, read through `designerIdOf`. */
    principal: SessionPrincipal | null;
  }
  interface FastifyInstance {
    sessionPolicy: SessionPolicy;
    /** onRequest hook of every guarded module: resolves the `authToken` header or fails. */
    requireSession(request: FastifyRequest): Promise<void>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const policy: SessionPolicy = {
    persistentDays: app.config.sessionPersistentDays,
    temporaryHours: app.config.sessionTemporaryHours,
  };
  app.decorate('sessionPolicy', policy);
  app.decorateRequest('principal', null);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const header = request.headers[AUTH_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    request.principal = await authenticate(app.db, policy, token?.trim() || undefined, app.config.now());
  });
});

/** The session's designer id in a guarded route: every query of designer data filters by it. */
export function designerIdOf(request: FastifyRequest): number {
  if (!request.principal) throw new Error('designerIdOf used on a route without requireSession');
  return request.principal.designerId;
}
