import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { count, type SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, type DatabaseHandle, pgliteHandle, postgresHandle } from '../../src/db/client.ts';
import { type AccountStatus, designers, ledgerEntries, sessions } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { databaseUrl, quoteIdent } from './global-setup.ts';

export const API = '/designerapi/v1';

/** The database kind of this vitest project (TEST_DB_KIND). */
export const testDatabaseKind = (): 'pglite' | 'postgres' => inject('testDatabase').kind;

/**
 * A fresh copy of the migrated template database, for one test file.
 * PGlite: one in-memory instance loaded from the template's data dir (never re-migrated).
 * PostgreSQL: `CREATE DATABASE … TEMPLATE`, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    const tar = await fs.readFile(template.dataDirTar);
    const client = await PGlite.create({ loadDataDir: new Blob([tar]) });
    const handle = pgliteHandle(client);
    // The outage test closes the instance itself; closing twice must not fail afterAll.
    return { ...handle, close: async () => (client.closed ? undefined : client.close()) };
  }
  const name = `${template.template}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(template.url, (admin) =>
    admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.template)}`),
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
  options: { env?: Record<string, string>; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const config = loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent', ...options.env });
  const database = options.database ?? (await openTestDatabase());
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
