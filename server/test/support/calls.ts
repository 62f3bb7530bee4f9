import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { providers } from '../../src/db/schema/index.ts';
import { type AccountsApp, createAccountsApp, dataOf, expectFailure } from './accounts-app.ts';
import { API, authHeader, createDesigner, envelopeOf, loginAs } from './test-app.ts';

export { type AccountsApp, createAccountsApp, dataOf, envelopeOf, expectFailure };

export const PASSWORD = 'basic-info-pass-1';

export interface Session {
  id: number;
  token: string;
}

/** A designer with a session. */
export async function someone(
  t: AccountsApp,
  account: string,
  extra: { phone?: string; newlyRegister?: boolean } = {},
) {
  const id = await createDesigner(t.db, { account, password: PASSWORD, ...extra });
  // Remembered: some tests move the app's clock by days, past a temporary session's 12 hours.
  return { id, token: await loginAs(t.app, account, PASSWORD, true) } satisfies Session;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call as the session designer (`who` null: no token). */
export function call(t: AccountsApp, method: Method, url: string, who: Session | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: who ? authHeader(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A provider row (shared reference data); answers its id. */
export async function addProvider(
  t: AccountsApp,
  name: string,
  extra: Partial<typeof providers.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.db
    .insert(providers)
    .values({ name, kind: 'brand', cityCode: '330100', description: `${name} description`, ...extra })
    .returning({ id: providers.id });
  return row!.id;
}

/** The paths named in a failure's `data.errors`. */
export function errorPaths(res: LightMyRequestResponse): string[] {
  const data = envelopeOf(res).data as { errors?: { path: string }[] } | null;
  return (data?.errors ?? []).map((e) => e.path);
}

/** 40000 naming `path` (HTTP 400). */
export function expectInvalid(res: LightMyRequestResponse, path: string) {
  expectFailure(res, 40000, 400, path);
}

/** 40400, HTTP 404. */
export function expectNotFound(res: LightMyRequestResponse, path?: string) {
  expectFailure(res, 40400, 404, path);
}

/** 40900, HTTP 409. */
export function expectConflict(res: LightMyRequestResponse, path?: string) {
  expectFailure(res, 40900, 409, path);
}

/** Never a 500 for user input: the answer is an envelope with a 4xx. */
export function expectClientError(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(envelopeOf(res).status).toBe(1);
}
