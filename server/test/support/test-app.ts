import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import {
  type Database,
  type DatabaseHandle,
  pgliteExtensions,
  pgliteHandle,
  postgresHandle,
} from '../../src/db/client.ts';
import { refreshPlannerStatistics } from '../../src/db/planner-statistics.ts';
import { type AccountStatus, designers, ledgerEntries, sessions } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { databaseUrl, quoteIdent } from './global-setup.ts';

export const API = '/designerapi/v1';

/** The database kind of this vitest project (TEST_DB_KIND). */
export const testDatabaseKind = (): 'pglite' | 'postgres' => inject('testDatabase').kind;

/** When the shared demo snapshot is seeded: the instant the seed tests read their figures at. */
export const DEMO_SEEDED_AT = new Date('2026-03-15T08:30:00Z');

/** What a test file's database starts with: the migrated schema only, or the demo data seeded at DEMO_SEEDED_AT. */
export type TestDatabaseContents = 'migrated' | 'demo';

/**
 * A fresh copy of the migrated template database, for one test file.
 * PGlite: one in-memory instance loaded from the template's data dir (never re-migrated).
 * PostgreSQL: `CREATE DATABASE … TEMPLATE`, dropped again on close.
 * `demo`: a copy of the demo data seeded once per run and shared, since seeding takes most of a
 * CPU-minute and a dozen files read the same demo.
 */
export async function openTestDatabase(contents: TestDatabaseContents = 'migrated'): Promise<DatabaseHandle> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    const tarPath = contents === 'demo' ? await demoSnapshotTar(template.dataDirTar) : template.dataDirTar;
    const client = await PGlite.create({
      loadDataDir: new Blob([await fs.readFile(tarPath)]),
      extensions: pgliteExtensions,
    });
    const handle = pgliteHandle(client);
    // The outage test closes the instance itself; closing twice must not fail afterAll.
    return { ...handle, close: async () => (client.closed ? undefined : client.close()) };
  }
  const source =
    contents === 'demo' ? await demoTemplate(template.url, template.template) : template.template;
  const name = `${template.template}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(template.url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(source)}`),
  );
  const handle = postgresHandle(databaseUrl(template.url, name), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(template.url, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    },
  };
}

/**
 * Writes `dataDir/pglite` (where the server keeps its embedded database) from the migrated
 * template, for a real process to open: about 2 s instead of the 15 s of creating and migrating
 * a fresh data dir (oss/process.test.ts starts one on an empty DATA_DIR). `fill` adds rows
 * before the instance is closed. PGlite project only.
 */
export async function migratedDataDir(
  dataDir: string,
  fill?: (db: Database) => Promise<void>,
): Promise<void> {
  const template = inject('testDatabase');
  if (template.kind !== 'pglite') throw new Error('migratedDataDir: the PGlite project only');
  const dir = path.join(dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    loadDataDir: new Blob([await fs.readFile(template.dataDirTar)]),
    extensions: pgliteExtensions,
  });
  try {
    await fill?.(pgliteHandle(client).db);
  } finally {
    await client.close();
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * The PGlite data dir of the demo seeded on the migrated one, made by the first test file that
 * asks (a directory made with mkdir is the lock between the worker processes) and read by the rest.
 */
async function demoSnapshotTar(migratedTar: string): Promise<string> {
  const snapshot = path.join(path.dirname(migratedTar), 'demo-seeded.tar');
  const lock = `${snapshot}.lock`;
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (await exists(snapshot)) return snapshot;
    const locked = await fs.mkdir(lock).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (!locked) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (await exists(snapshot)) return snapshot;
      const client = await PGlite.create({
        loadDataDir: new Blob([await fs.readFile(migratedTar)]),
        extensions: pgliteExtensions,
      });
      try {
        const { db } = pgliteHandle(client);
        await seedDemo(db, DEMO_SEEDED_AT);
        // As the server does when it starts on a seeded PGlite (no autovacuum there).
        await refreshPlannerStatistics(db);
        const dump = await client.dumpDataDir('none');
        // Written aside and renamed, so a reader never sees half a file.
        const partial = `${snapshot}.${process.pid}`;
        await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await fs.rename(partial, snapshot);
      } finally {
        await client.close();
      }
      return snapshot;
    } finally {
      await fs.rmdir(lock);
    }
  }
  throw new Error('timed out waiting for another test file to seed the demo snapshot');
}

/**
 * A PostgreSQL template holding the demo seeded on the migrated one, made once per run under an
 * advisory lock; built under another name and renamed, so a crash never leaves half a template.
 * The global teardown drops it with the rest (its name starts with the template's).
 */
async function demoTemplate(url: string, migrated: string): Promise<string> {
  const name = `${migrated}_demo`;
  await withAdminClient(url, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${quoteIdent(building)} TEMPLATE ${quoteIdent(migrated)}`);
      const handle = postgresHandle(databaseUrl(url, building), 2);
      try {
        await seedDemo(handle.db, DEMO_SEEDED_AT);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(name)}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/** A real PostgreSQL handle whose server is down (a closed port): every query fails to connect. */
export const unreachableDatabase = (): DatabaseHandle =>
  postgresHandle('postgres://127.0.0.1:1/unreachable', 1);

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: Database;
  close(): Promise<void>;
}

/**
 * The real app (`buildApp`) on a fresh copy of the migrated database, API only, no logs.
 * `database` replaces that copy (an unreachable server, for instance); `env` adds settings.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    contents?: TestDatabaseContents;
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const loaded = loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent', ...options.env });
  const config = options.now ? { ...loaded, now: options.now } : loaded;
  const database = options.database ?? (await openTestDatabase(options.contents));
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface NewDesigner {
  account: string;
  password: string;
  phone?: string;
  nickname?: string;
  status?: AccountStatus;
  newlyRegister?: boolean;
  deleted?: boolean;
}

/** Inserts a designer with a real scrypt hash of `password`; answers its id. */
export async function createDesigner(db: Database, designer: NewDesigner): Promise<number> {
  const [row] = await db
    .insert(designers)
    .values({
      account: designer.account,
      phone: designer.phone ?? null,
      passwordHash: await hashPassword(designer.password),
      nickname: designer.nickname ?? designer.account,
      status: designer.status ?? 'active',
      newlyRegister: designer.newlyRegister ?? false,
      deletedAt: designer.deleted ? new Date() : null,
    })
    .returning({ id: designers.id });
  return row!.id;
}

/** Logs in through the API with a JSON body; answers the session token. */
export async function loginAs(
  app: FastifyInstance,
  account: string,
  password: string,
  remember?: boolean,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/login`,
    payload: { account, password, ...(remember === undefined ? {} : { remember }) },
  });
  const body = res.json();
  if (res.statusCode !== 200 || body.code !== 200) {
    throw new Error(`login of ${account} failed: HTTP ${res.statusCode} ${res.body}`);
  }
  return body.data.token;
}

export const authHeader = (token: string) => ({ authtoken: token });

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipartBody(
  fields: Record<string, string>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** The parsed envelope of an answer, asserting nothing. */
export const envelopeOf = (res: LightMyRequestResponse) =>
  res.json() as { code: number; status: number; msg: string; data: unknown };

/** Row counts of the tables a request could write to. */
export async function rowCounts(db: Database) {
  const [d] = await db.select({ n: count() }).from(designers);
  const [s] = await db.select({ n: count() }).from(sessions);
  const [l] = await db.select({ n: count() }).from(ledgerEntries);
  return { designers: d!.n, sessions: s!.n, ledger: l!.n };
}

/** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}
