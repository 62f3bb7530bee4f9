import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, pgliteExtensions, postgresHandle } from '../../src/db/client.ts';

/** What test files learn from the global setup (see test-app.ts). */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; dataDirTar: string }
  | { kind: 'postgres'; url: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Migrates one database per project run, which every test file then clones:
 * PGlite → a data-dir tarball loaded by `new PGlite({ loadDataDir })`;
 * PostgreSQL → a template database copied by `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB_KIND ?? process.env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'pglite') return setupPglite(project);
  if (kind === 'postgres') return setupPostgres(project);
  throw new Error(`TEST_DB_KIND must be pglite or postgres, not ${kind}`);
}

async function setupPglite(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-test-pglite-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const dataDirTar = path.join(dir, 'migrated.tar');
    await fs.writeFile(dataDirTar, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabase', { kind: 'pglite', dataDirTar });
  } finally {
    await client.close();
  }
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const template = `dc_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
    const handle = postgresHandle(databaseUrl(url, template), 1);
    try {
      await handle.migrate();
    } finally {
      // A template must have no connections while it is copied.
      await handle.close();
    }
  } finally {
    await admin.end();
  }
  project.provide('testDatabase', { kind: 'postgres', url, template });

  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Per-file databases are named `<template>_…`; drop any a crashed file left behind.
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or starts_with(datname, $1 || '_')`,
        [template],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      }
    } finally {
      await client.end();
    }
  };
}
