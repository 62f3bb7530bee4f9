import type { SQL } from 'drizzle-orm';
import { API } from '../../support/test-app.ts';
import { aRowId, as, firstId, type Tenants } from '../support/tenants.ts';

/** What a case needs to build its request: the tenants and A's ids. */
export interface CaseContext {
  tenants: Tenants;
  /** One of A's row ids in a designer-owned table. */
  aId(table: string, where?: SQL): Promise<number>;
  /** The id a query answers (rows keyed through a parent). */
  first(query: SQL): Promise<number>;
  /** One of A's row ids, created through A's own API call when the seed has none. */
  aIdOr(table: string, where: SQL, create: { url: string; payload: object }): Promise<number>;
  /** Ids of rows B created for the body-id cases (B's own tag, brand…). */
  bOwn: Record<string, number>;
}

export interface CaseRequest {
  params?: Record<string, number | string>;
  query?: Record<string, string>;
  payload?: unknown;
}

type Build = (x: CaseContext) => Promise<CaseRequest> | CaseRequest;

export type IsolationCase =
  /** Not tenant data: public, the caller's own session, or a shared catalogue. */
  | { kind: 'not-tenant'; reason: string }
  /** Guarded by a dedicated test elsewhere (a stream inject cannot end, for instance). */
  | { kind: 'elsewhere'; test: string }
  /** B's own data: the answer carries none of A's strings and A's rows stay as they were. */
  | { kind: 'own'; build?: Build; codes?: number[] }
  /**
   * A's ids in the path or the body: B gets one of `codes` (40400 or 40300 by default), no A data,
   * A's rows unchanged; then A's same request (unless `control: false`) is not refused, which proves
   * B was refused for the id and not for the shape of the request.
   */
  | { kind: 'foreign'; build: Build; codes?: number[]; control?: boolean };

export const notTenant = (reason: string): IsolationCase => ({ kind: 'not-tenant', reason });
export const elsewhere = (test: string): IsolationCase => ({ kind: 'elsewhere', test });
export const own = (build?: Build, codes?: number[]): IsolationCase => ({ kind: 'own', build, codes });
export const foreign = (
  build: Build,
  options: { codes?: number[]; control?: boolean } = {},
): IsolationCase => ({
  kind: 'foreign',
  build,
  ...options,
});

/** Body ids of another designer are refused as not found, forbidden, or invalid on that field. */
export const REFUSED_BODY_IDS = [40000, 40300, 40400];

export function caseContext(tenants: Tenants, bOwn: Record<string, number>): CaseContext {
  return {
    tenants,
    aId: (table, where) => aRowId(tenants, table, where),
    first: (query) => firstId(tenants, query),
    aIdOr: async (table, where, create) => {
      try {
        return await aRowId(tenants, table, where);
      } catch {
        const res = await tenants.t.app.inject(
          as(tenants.a, { method: 'POST', url: `${API}${create.url}`, payload: create.payload }),
        );
        if (res.statusCode !== 200)
          throw new Error(`A could not create a row with POST ${create.url}: ${res.body}`);
        return aRowId(tenants, table, where);
      }
    },
    bOwn,
  };
}

export type CaseTable = Record<string, IsolationCase>;
