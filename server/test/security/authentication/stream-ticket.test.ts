import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { streamTickets } from '../../../src/db/schema/index.ts';
import { hashToken } from '../../../src/modules/auth/tokens.ts';
import { type AccountsApp, createAccountsApp, SECOND } from '../../support/accounts-app.ts';
import { API, authHeader, createDesigner, envelopeOf, loginAs } from '../../support/test-app.ts';

/**
 * Issue 16 (LOW): `/notifications/stream?authToken=…` (and `?token=`) put the live session
 * token in a URL, where access logs, proxies and browser history keep it. The stream now takes a
 * one-use ticket that lives 60 s, got by an authenticated POST (token in the header).
 */
const PASSWORD = 'stream-pass-2026';
const STREAM = `${API}/notifications/stream`;
let t: AccountsApp;
let token: string;
let base: string;
beforeAll(async () => {
  t = await createAccountsApp();
  await createDesigner(t.db, { account: 'streamer', password: PASSWORD });
  token = await loginAs(t.app, 'streamer', PASSWORD);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

async function ticketFor(sessionToken: string, app = t.app): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/notifications/stream-ticket`,
    headers: authHeader(sessionToken),
  });
  expect(res.statusCode).toBe(200);
  const data = envelopeOf(res).data as { ticket: string; expiresIn: number };
  expect(data.expiresIn).toBe(60);
  return data.ticket;
}

/** Opens the stream over a real socket: its status and, for a refusal, the envelope; then hangs up. */
async function openStream(query: string, origin = base): Promise<{ status: number; code?: number }> {
  const controller = new AbortController();
  const res = await fetch(`${origin}${STREAM}?${query}`, { signal: controller.signal });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    controller.abort();
    return { status: res.status };
  }
  return { status: res.status, code: ((await res.json()) as { code: number }).code };
}

describe('the notification stream takes no session token in its URL', () => {
  it('GET /notifications/stream?authToken=<live token> is refused with 40000 naming authToken; no stream opens', async () => {
    for (const name of ['authToken', 'token', 'authtoken']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${STREAM}?${name}=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, name).toBe(400);
      expect(envelopeOf(res), name).toMatchObject({ code: 40000, data: { errors: [{ path: name }] } });
    }
  });

  it('a session token passed as the ticket does not open the stream (20006)', async () => {
    expect(await openStream(`ticket=${encodeURIComponent(token)}`)).toEqual({ status: 401, code: 20006 });
  });

  it('a ticket opens the stream once; the same ticket again is 20006', async () => {
    const ticket = await ticketFor(token);
    expect(await openStream(`ticket=${ticket}`)).toEqual({ status: 200 });
    expect(await openStream(`ticket=${ticket}`)).toEqual({ status: 401, code: 20006 });
  });

  it('two requests racing with one ticket: exactly one stream opens', async () => {
    const ticket = await ticketFor(token);
    const answers = await Promise.all([openStream(`ticket=${ticket}`), openStream(`ticket=${ticket}`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('a ticket expires after 60 s', async () => {
    const ticket = await ticketFor(token);
    t.clock.advance(61 * SECOND);
    expect(await openStream(`ticket=${ticket}`)).toEqual({ status: 401, code: 20006 });
    // A fresh one still works.
    expect(await openStream(`ticket=${await ticketFor(token)}`)).toEqual({ status: 200 });
  });

  it('a ticket is only the session’s: after logout it opens nothing (20003)', async () => {
    const mine = await loginAs(t.app, 'streamer', PASSWORD);
    const ticket = await ticketFor(mine);
    await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: authHeader(mine) });
    expect(await openStream(`ticket=${ticket}`)).toEqual({ status: 401, code: 20003 });
  });

  it('asking for a ticket needs the session in the header (20007 without, 20006 with a ticket as token)', async () => {
    const none = await t.app.inject({ method: 'POST', url: `${API}/notifications/stream-ticket` });
    expect(envelopeOf(none).code).toBe(20007);
    const ticket = await ticketFor(token);
    const withTicket = await t.app.inject({
      method: 'POST',
      url: `${API}/notifications/stream-ticket`,
      headers: authHeader(ticket),
    });
    expect(envelopeOf(withTicket).code).toBe(20006);
  });

  it('only the ticket’s SHA-256 is stored, and the row goes when the ticket is used', async () => {
    const ticket = await ticketFor(token);
    const rows = await t.db
      .select()
      .from(streamTickets)
      .where(eq(streamTickets.ticketHash, hashToken(ticket)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await t.db.select().from(streamTickets))).not.toContain(ticket);
    await openStream(`ticket=${ticket}`);
    expect(
      await t.db
        .select()
        .from(streamTickets)
        .where(eq(streamTickets.ticketHash, hashToken(ticket))),
    ).toEqual([]);
  });

  it('a ticket from one instance opens the stream on another (shared through the database), once', async () => {
    const other = await buildApp({
      config: { ...loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent' }), now: () => t.clock.now() },
      database: { ...t.database, close: async () => {} },
      logger: false,
    });
    try {
      await other.listen({ host: '127.0.0.1', port: 0 });
      const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const ticket = await ticketFor(token);
      expect(await openStream(`ticket=${ticket}`, otherBase)).toEqual({ status: 200 });
      expect(await openStream(`ticket=${ticket}`)).toEqual({ status: 401, code: 20006 });
    } finally {
      await other.close();
    }
  });

  it('a loop asking for tickets is refused after 60 a minute (42900)', async () => {
    const looping = await loginAs(t.app, 'streamer', PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/notifications/stream-ticket`,
        headers: authHeader(looping),
      });
      codes.push(envelopeOf(res).code as number);
    }
    expect(codes.slice(0, 60).every((code) => code === 200)).toBe(true);
    expect(codes[60]).toBe(42900);
  });
});
