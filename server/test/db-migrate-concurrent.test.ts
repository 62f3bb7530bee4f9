import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { postgresHandle } from '../src/db/client.ts';
import { databaseUrl, quoteIdent } from './support/global-setup.ts';
import { testDatabaseKind } from './support/test-app.ts';

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Issue 11 item 5 "two server instances on one PostgreSQL", found by
 * `npm run reliability -- two-instances`: instances started together on an empty database both
 * ran the migrations, and one of them died on "relation already exists".
 */
describe.runIf(testDatabaseKind() === 'postgres')('instances starting together on one empty database', () => {
  it('take turns migrating: all three start, the schema is there once', async () => {
    const template = inject('testDatabase');
    if (template.kind !== 'postgres') return;
    const name = `dc_migrate_${randomBytes(5).toString('hex')}`;
    await admin(template.url, `CREATE DATABASE ${quoteIdent(name)}`);
    const handles = [1, 2, 3].map(() => postgresHandle(databaseUrl(template.url, name), 2));
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const result = (await handles[0]!.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'designers'`,
      )) as unknown as { rows: { n: number }[] };
      expect(result.rows[0]!.n).toBe(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin(template.url, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    }
  });
});
