import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    jobs: JobQueue;
  }
}

/**
 * Makes the configuration, the database and the job queue reachable from every module as
 * `app.config`, `app.db`, `app.jobs`.
 */
export const contextPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; db: Database; jobs: JobQueue }) => {
    app.decorate('config', options.config);
    app.decorate('db', options.db);
    app.decorate('jobs', options.jobs);
  },
);
