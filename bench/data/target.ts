import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  type DatabaseHandle,
  migrationsFolder,
  pgliteExtensions,
  pgliteHandle,
} from '../../server/src/db/client.ts';
import * as schema from '../../server/src/db/schema/index.ts';

/** Where the benchmark data lives: a PostgreSQL database, or a PGlite directory (`DATA_DIR`). */
export type BenchTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/dc_bench';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const maintenanceUrl = (url: string) => {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
};
const databaseNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the PostgreSQL database when missing; `fresh` drops it first. */
export async function ensurePostgresDatabase(url: string, fresh: boolean): Promise<void> {
  const name = databaseNameOf(url);
  if (!name || name === 'postgres') throw new Error(`refusing to use ${url}: name a database of its own`);
  await withClient(maintenanceUrl(url), async (client) => {
    if (fresh) await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${quoteIdent(name)}`);
  });
}

/** Empties a PGlite data directory (its database only). */
export function clearPgliteDirectory(dataDir: string): void {
  fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
}

/**
 * Opens the target for generation: migrated with the app's migrations, and on PostgreSQL a pool
 * without the app's 30 s statement timeout (a million-row INSERT may take longer).
 */
export async function openTarget(target: BenchTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const handle = pgliteHandle(await PGlite.create(dir, { extensions: pgliteExtensions }));
    await handle.migrate();
    return handle;
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 2 });
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  const handle: DatabaseHandle = {
    db: db as unknown as DatabaseHandle['db'],
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
  await handle.migrate();
  return handle;
}
