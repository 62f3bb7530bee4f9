import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  API,
  authHeader,
  createTestApp,
  DEMO_SEEDED_AT,
  envelopeOf,
  loginAs,
  queryRows,
  type TestApp,
} from '../support/test-app.ts';

/**
 * Shared pieces of the invariant suite (issue 17 item 1): the figures the console shows, read
 * through the API as the console reads them, set against counts each test file writes in its
 * own SQL over the rows (never the service's query).
 */

export interface Session {
  id: number;
  token: string;
}

/** A GET of the API as `who`; asserts a 200 and answers `data`. */
export async function apiGet<T>(app: FastifyInstance, who: Session, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeader(who.token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return envelopeOf(res).data as T;
}

/** Every row of a paged list (`dataList`), walked with `pageSize` 100. */
export async function everyRow<T>(app: FastifyInstance, who: Session, url: string): Promise<T[]> {
  return (await everyRowAndFirstPage<T, unknown>(app, who, url)).rows;
}

/** Every row of a paged list, and its first page whole (for what a list answers beside its rows: totals). */
export async function everyRowAndFirstPage<T, P>(
  app: FastifyInstance,
  who: Session,
  url: string,
): Promise<{ rows: T[]; first: P }> {
  const rows: T[] = [];
  const joiner = url.includes('?') ? '&' : '?';
  let first: P | undefined;
  for (let page = 1; ; page++) {
    const answer = await apiGet<{ dataList: T[]; totalNumber: number }>(
      app,
      who,
      `${url}${joiner}pageSize=100&page=${page}`,
    );
    first ??= answer as P;
    rows.push(...answer.dataList);
    if (answer.dataList.length < 100) {
      expect(rows.length, `${url}: totalNumber`).toBe(answer.totalNumber);
      return { rows, first };
    }
  }
}

/** Rows of an SQL count, with numeric columns as numbers (bigint sums arrive as text). */
export async function numbersOf(db: Database, query: SQL): Promise<Record<string, number>[]> {
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? 0 : Number(value)])),
  );
}

/** One row of numbers. */
export async function oneRow(db: Database, query: SQL): Promise<Record<string, number>> {
  const [row] = await numbersOf(db, query);
  return row ?? {};
}

/**
 * The demo database with the app's clock at the instant it was seeded: the demo's year of data
 * ends then, and time-dependent figures (a pack's rule, "the last 30 days") mean what they meant
 * when the seed wrote them.
 */
export async function openDemo(): Promise<{ t: TestApp; demo: Session }> {
  const t = await createTestApp({ contents: 'demo', now: () => DEMO_SEEDED_AT });
  const [row] = await queryRows<{ id: number }>(t.db, sql`select id from designers where account = 'demo'`);
  return { t, demo: { id: row!.id, token: await loginAs(t.app, 'demo', 'demo123456', true) } };
}

/** The business day (Asia/Shanghai) of an instant, `YYYY-MM-DD`. */
export const businessDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A business day's first instant, as SQL text for a timestamptz comparison. */
export const dayStart = (day: string) => `${day}T00:00:00+08:00`;
