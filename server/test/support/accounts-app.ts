import type { SmsPurpose } from '@dc/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { API, authHeader, envelopeOf, openTestDatabase, type TestApp } from './test-app.ts';

/** The app's clock, moved by the tests instead of sleeping. Starts at the real time. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function testClock(start = new Date()): TestClock {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

export interface AccountsApp extends TestApp {
  clock: TestClock;
}

/** The real app on a fresh copy of the migrated database, with a clock the test controls. */
export async function createAccountsApp(
  options: { env?: Record<string, string> } = {},
): Promise<AccountsApp> {
  const clock = testClock();
  const config = {
    ...loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent', ...options.env }),
    now: () => clock.now(),
  };
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    database,
    db: database.db,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** A client address of its own per phone, so per-address limits of one test do not touch another's. */
export const ipFor = (phone: string) =>
  `10.${Number(phone.slice(-6, -4))}.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`;

export function sendCode(
  app: FastifyInstance,
  phone: string,
  purpose: SmsPurpose,
  options: { token?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `${API}/sendCode`,
    remoteAddress: options.ip ?? ipFor(phone),
    headers: options.token ? authHeader(options.token) : {},
    payload: { phone, purpose },
  });
}

interface OutboxEntry {
  id: number;
  phone: string;
  purpose: string;
  text: string;
  sentAt: string;
}

/** The outbox through its page (JSON form), newest first. */
export async function outbox(app: FastifyInstance, phone?: string): Promise<OutboxEntry[]> {
  const query = new URLSearchParams({ format: 'json', ...(phone ? { phone } : {}) });
  const res = await app.inject({ method: 'GET', url: `${API}/dev/outbox?${query}` });
  expect(res.statusCode).toBe(200);
  return (envelopeOf(res).data as { dataList: OutboxEntry[] }).dataList;
}

/** The code of the newest message to `phone`. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const [latest] = await outbox(app, phone);
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Sends a code and reads it from the outbox; fails the test when sendCode fails. */
export async function codeFor(
  app: FastifyInstance,
  phone: string,
  purpose: SmsPurpose,
  options: { token?: string; ip?: string } = {},
): Promise<string> {
  const res = await sendCode(app, phone, purpose, options);
  if (envelopeOf(res).code !== 200) throw new Error(`sendCode ${phone} ${purpose}: ${res.body}`);
  return latestCode(app, phone);
}

/** A code that is not `code`: same length, one digit changed. */
export const wrongCode = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

export function expectFailure(res: LightMyRequestResponse, code: number, httpStatus: number, path?: string) {
  const body = envelopeOf(res);
  expect({ http: res.statusCode, code: body.code, status: body.status }).toEqual({
    http: httpStatus,
    code,
    status: 1,
  });
  if (path !== undefined) {
    const errors = (body.data as { errors?: { path: string }[] } | null)?.errors ?? [];
    expect(errors.map((e) => e.path)).toContain(path);
  }
  return body;
}

/** The data of a success envelope (code 200, status 0), failing the test otherwise. */
export function dataOf<T>(res: LightMyRequestResponse): T {
  const body = envelopeOf(res);
  expect({ http: res.statusCode, code: body.code, status: body.status, msg: body.msg }).toMatchObject({
    http: 200,
    code: 200,
    status: 0,
  });
  return body.data as T;
}
