import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../../src/db/client.ts';
import { designers } from '../../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../../src/seed/index.ts';
import {
  authHeader,
  createDesigner,
  createTestApp,
  DEMO_SEEDED_AT,
  loginAs,
  queryRows,
  type TestApp,
} from '../../support/test-app.ts';

/** The clock of both tenants' app: seeded pending income does not settle mid-test. */
export const TENANT_NOW = DEMO_SEEDED_AT;
export const B_PASSWORD = 'tenant-b-pass-2026';

/** Designer A (the seeded `demo`, data in every area) and designer B (no data), both signed in. */
export interface Tenants {
  t: TestApp;
  a: { id: number; token: string };
  b: { id: number; token: string };
  /** Tables with a `designer_id` column: the tenant-owned data. */
  ownedTables: string[];
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

export async function createTenants(): Promise<Tenants> {
  const t = await createTestApp({ now: () => TENANT_NOW, contents: 'demo' });
  const [demo] = await t.db.select({ id: designers.id }).from(designers).where(eq(designers.account, 'demo'));
  const bId = await createDesigner(t.db, { account: 'tenant_b', password: B_PASSWORD, nickname: 'Tenant B' });
  const ownedTables = (
    await queryRows<{ table_name: string }>(
      t.db,
      sql`select c.table_name from information_schema.columns c
          join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
          where c.table_schema = 'public' and c.column_name = 'designer_id' and tb.table_type = 'BASE TABLE'
          order by c.table_name`,
    )
  ).map((r) => r.table_name);
  return {
    t,
    a: { id: demo!.id, token: await loginAs(t.app, 'demo', DEMO_PASSWORD) },
    b: { id: bId, token: await loginAs(t.app, 'tenant_b', B_PASSWORD) },
    ownedTables,
  };
}

/** A request with the designer's session header added. */
export const as = (tenant: { token: string }, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...authHeader(tenant.token), ...(options.headers ?? {}) },
});

/**
 * A fingerprint of every row designer A owns, table by table (row count and newest row version):
 * a request by B must leave it unchanged.
 */
export async function ownedFingerprint(db: Database, tables: string[], designerId: number) {
  // Any insert, update or delete of A's rows changes the count or raises the newest row version (xmin).
  const parts = tables.map(
    (table) =>
      sql`select ${table}::text as t, count(*)::text as n, coalesce(max(x.xmin::text::bigint), 0)::text as h
          from ${ident(table)} x where x.designer_id = ${designerId}`,
  );
  const rows = await queryRows<{ t: string; n: string; h: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** Text that is an enum code, a date, a colour, a short number or a URL says nothing about whose it is. */
const UNDISTINCTIVE = [
  /^[a-z][a-z0-9_.-]*$/,
  /^\d{4}-\d{2}-\d{2}/,
  /^#[0-9a-f]{6}$/i,
  /^-?\d{1,7}(\.\d+)?$/,
  /^(https?:)?\//,
  /^[A-Z]{2}-[A-Z]{2}$/,
  /^[a-z]+\/[a-z0-9.+-]+$/i,
];

const distinctive = (value: string) =>
  value.trim().length >= 2 && !UNDISTINCTIVE.some((re) => re.test(value));

async function textColumns(db: Database) {
  return queryRows<{ table_name: string; column_name: string; udt_name: string }>(
    db,
    sql`select c.table_name, c.column_name, c.udt_name from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
        where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
          and (c.data_type in ('text', 'character varying') or c.udt_name in ('_text', '_varchar', 'jsonb'))
          and c.table_name not like '\\_\\_%'
        order by c.table_name, c.column_name`,
  );
}

/**
 * Every distinctive text value of A's rows (A's own designer row included), minus any value that
 * also lives in a shared table (providers, banks, platform users…) or in B's rows: finding one of
 * these in an answer to B is a leak.
 */
export async function distinctiveStringsOf(tenants: Tenants): Promise<Set<string>> {
  const { db } = tenants.t;
  const owned = new Set(tenants.ownedTables);
  const columns = await textColumns(db);
  const aValues = new Set<string>();
  const otherValues = new Set<string>();
  for (const { table_name: table, column_name: column, udt_name: udt } of columns) {
    const isOwned = owned.has(table);
    const isDesigners = table === 'designers';
    const isArray = udt.startsWith('_') || udt === 'jsonb';
    if (!isOwned && !isDesigners) {
      // Shared vocabularies hide in arrays and JSON too (a provider's style tags…).
      const rows = await queryRows<{ v: string }>(
        db,
        udt === 'jsonb'
          ? sql`select distinct j #>> '{}' as v from ${ident(table)} x,
                  jsonb_path_query(x.${ident(column)}, 'strict $.**') as j
                where jsonb_typeof(j) = 'string'`
          : sql`select distinct ${isArray ? sql`unnest(${ident(column)})` : ident(column)}::text as v
                from ${ident(table)} where ${ident(column)} is not null`,
      );
      for (const r of rows) otherValues.add(r.v);
      continue;
    }
    if (isArray) continue;
    const owner = isDesigners ? sql`id` : sql`designer_id`;
    const rows = await queryRows<{ v: string; mine: boolean }>(
      db,
      sql`select distinct ${ident(column)}::text as v, (${owner} = ${tenants.a.id}) as mine
          from ${ident(table)} where ${ident(column)} is not null`,
    );
    for (const r of rows) (r.mine ? aValues : otherValues).add(r.v);
  }
  return new Set([...aValues].filter((v) => distinctive(v) && !otherValues.has(v)));
}

function stringsOfJson(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOfJson(item, out);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) stringsOfJson(item, out);
  return out;
}

/** A's strings found in an answer: its JSON string values, or for CSV and text its cells. */
export function leakedStrings(res: LightMyRequestResponse, aStrings: Set<string>): string[] {
  let values: string[];
  try {
    values = stringsOfJson(JSON.parse(res.body), []);
  } catch {
    values = res.body.split(/[\r\n,"]/);
  }
  return [...new Set(values.filter((v) => aStrings.has(v) || aStrings.has(v.trim())))];
}

/** One of A's row ids in a table (the smallest, or the first matching `where`). */
export async function aRowId(tenants: Tenants, table: string, where = sql`true`): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tenants.t.db,
    sql`select id from ${ident(table)} where designer_id = ${tenants.a.id} and ${where} order by id limit 1`,
  );
  if (!rows[0]) throw new Error(`designer A has no row in ${table}: the seed no longer covers it`);
  return Number(rows[0].id);
}

/** Any SQL answering one `id` column, for rows not keyed by designer_id (a fan's wardrobe item…). */
export async function firstId(tenants: Tenants, query: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ id: number }>(tenants.t.db, query);
  if (!rows[0]) throw new Error('designer A has no such row: the seed no longer covers it');
  return Number(rows[0].id);
}
