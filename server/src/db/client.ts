import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database as the services see it: the same API on PGlite and on node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Extensions every PGlite instance loads (the migrations create them): pg_trgm for the fan list's
 * keyword index. Pass to every `PGlite.create`.
 */
export const pgliteExtensions = { pg_trgm };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap liveness check, used by the health endpoint. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Wraps an open PGlite instance (one per process: it is heavy). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

export function postgresHandle(url: string, max = 20): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    // A query that runs away must not hold a connection forever.
    statement_timeout: 30_000,
    // The console's statements are short; compiling them (JIT, above a planner cost the
    // sampled live counts and ledger totals pass) cost 4–6 ms for no gain (bench/RESULTS.md).
    options: '-c jit=off',
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one, idle between two statements of a transaction when the server
  // goes (a stop, a failover): its next statement fails (50300) and the pool discards it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: async () => {
      // Instances starting together on one database take turns: the first migrates, the others
      // then find nothing to do (unlocked, two would both create the schema, and one would die).
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(hashtext('designer-console:migrate'))`);
        try {
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query(`select pg_advisory_unlock(hashtext('designer-console:migrate'))`);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  return pgliteHandle(client);
}
