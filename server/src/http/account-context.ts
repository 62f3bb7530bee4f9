import type { Language } from '@dc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { requestLanguage } from './language.ts';

/**
 * What the account rules need from a request: the database, the app's clock (tests move it),
 * the caller's language and address, and the session policy.
 */
export interface AccountCtx {
  db: Database;
  now: Date;
  lang: Language;
  ip: string;
  policy: FastifyInstance['sessionPolicy'];
}

export function accountCtx(app: FastifyInstance, request: FastifyRequest): AccountCtx {
  return {
    db: app.db,
    now: app.config.now(),
    lang: requestLanguage(request.headers['accept-language']),
    ip: request.ip,
    policy: app.sessionPolicy,
  };
}
