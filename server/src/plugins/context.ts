import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

/** Makes the configuration and the database reachable from every module as `app.config`, `app.db`. */
export const contextPlugin = fp(async (app: FastifyInstance, options: { config: Config; db: Database }) => {
  app.decorate('config', options.config);
  app.decorate('db', options.db);
});
