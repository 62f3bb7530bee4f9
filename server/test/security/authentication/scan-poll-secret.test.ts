import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanTickets, sessions } from '../../../src/db/schema/index.ts';
import { type AccountsApp, createAccountsApp, dataOf, expectFailure } from '../../support/accounts-app.ts';
import { API, createDesigner } from '../../support/test-app.ts';

/**
 * Issue 16 (MEDIUM): the QR ticket alone was the login. Whoever polled `codePcRegister?ticket=`
 * first after the phone confirmed got the token (a shoulder-surfer, a screen share, a camera
 * that saw the QR code), and the real PC then saw "expired". Now the QR code carries only the
 * ticket's public id; polling needs the secret answered to the browser that created the ticket.
 */
const PASSWORD = 'scan-secret-pass-1';
const SECRET_HEADER = 'x-scan-poll-secret';

let t: AccountsApp;
let victimId: number;
/** The victim's phone, bound to the victim's account: confirming logs straight in. */
const victimPhone: { cookie?: string; formToken?: string } = {};

interface Ticket {
  ticket: string;
  pollSecret: string;
  qrUrl: string;
}
interface Poll {
  state: string;
  token?: string;
  resigner_id?: string;
}

const newTicket = async (): Promise<Ticket> =>
  dataOf<Ticket>(await t.app.inject({ method: 'POST', url: `${API}/scan-tickets` }));

const poll = (ticket: string, secret?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/codePcRegister?ticket=${encodeURIComponent(ticket)}`,
    headers: secret === undefined ? {} : { [SECRET_HEADER]: secret },
  });

/** The phone opens the QR code and confirms; answers the callback URL its browser is sent to. */
async function confirmOnPhone(
  ticket: Ticket,
  phone: { cookie?: string; formToken?: string },
): Promise<string> {
  const url = new URL(ticket.qrUrl);
  const page = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { accept: 'text/html', ...(phone.cookie ? { cookie: phone.cookie } : {}) },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).not.toContain(ticket.pollSecret);
  if (page.headers['set-cookie']) phone.cookie = String(page.headers['set-cookie']).split(';')[0];
  phone.formToken = /name="formToken" value="([^"]+)"/.exec(page.body)?.[1];
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `${API}/scan/confirm`,
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      cookie: phone.cookie ?? '',
    },
    payload: new URLSearchParams({ ticket: ticket.ticket, formToken: phone.formToken ?? '' }).toString(),
  });
  expect(confirmed.statusCode).toBe(303);
  return String(confirmed.headers.location);
}

/** The phone's browser follows the redirect to the callback page: the ticket is confirmed. */
async function scanAndConfirm(ticket: Ticket, phone = victimPhone) {
  const callback = await confirmOnPhone(ticket, phone);
  const page = await t.app.inject({ method: 'GET', url: callback, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  return callback;
}

async function sessionDesigner(token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.designerId;
}

beforeAll(async () => {
  t = await createAccountsApp();
  victimId = await createDesigner(t.db, { account: 'victim', password: PASSWORD });
  // The victim binds this phone once (scan, then POST codePcRegister with the password).
  const first = await newTicket();
  await scanAndConfirm(first);
  const { resigner_id } = dataOf<Poll>(await poll(first.ticket, first.pollSecret));
  dataOf(
    await t.app.inject({
      method: 'POST',
      url: `${API}/codePcRegister?${new URLSearchParams({ resigner_id: resigner_id!, account: 'victim', password: PASSWORD })}`,
    }),
  );
});
afterAll(() => t?.close());

describe('scan login belongs to the browser that created the ticket', () => {
  it('the QR URL carries no secret: only the public id, never the poll secret', async () => {
    const ticket = await newTicket();
    expect(ticket.pollSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ticket.pollSecret).not.toBe(ticket.ticket);
    expect(ticket.qrUrl).not.toContain(ticket.pollSecret);
    expect(new URL(ticket.qrUrl).searchParams.get('ticket')).toBe(ticket.ticket);
    const callback = await confirmOnPhone(ticket, {});
    expect(callback).not.toContain(ticket.pollSecret);
    // Only hashes are stored.
    const rows = await t.db.select().from(scanTickets);
    expect(JSON.stringify(rows)).not.toContain(ticket.pollSecret);
  });

  it('polling with only the QR’s id (no secret, a wrong one, the id itself) never gets the session', async () => {
    const ticket = await newTicket();
    await scanAndConfirm(ticket);
    expectFailure(await poll(ticket.ticket), 40000, 400, SECRET_HEADER);
    expectFailure(await poll(ticket.ticket, ''), 40000, 400, SECRET_HEADER);
    for (const wrong of ['guess', ticket.ticket, ticket.pollSecret.slice(0, -1), `${ticket.pollSecret}x`]) {
      const res = await poll(ticket.ticket, wrong);
      expectFailure(res, 40400, 404);
      expect(res.body).not.toMatch(/token|resigner_id/);
    }
    // Another ticket's secret does not open this one either.
    const other = await newTicket();
    expectFailure(await poll(ticket.ticket, other.pollSecret), 40400, 404);

    const pc = dataOf<Poll>(await poll(ticket.ticket, ticket.pollSecret));
    expect(pc).toEqual({ state: 'confirmed', token: expect.any(String), newly_register: 0 });
    expect(await sessionDesigner(pc.token!)).toBe(victimId);
  });

  it('an attacker racing the PC’s poll does not expire the ticket: the real PC still logs in', async () => {
    const ticket = await newTicket();
    const attackerPolls = () => Promise.all([poll(ticket.ticket), poll(ticket.ticket, 'guess')]);
    await attackerPolls();
    await scanAndConfirm(ticket);
    // The attacker polls many times right after the phone confirmed, before the PC's next poll.
    for (let i = 0; i < 5; i++) {
      const answers = await attackerPolls();
      for (const res of answers) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    const [row] = await t.db.select().from(scanTickets).where(eq(scanTickets.state, 'confirmed'));
    expect(row).toBeDefined();
    const pc = dataOf<Poll>(await poll(ticket.ticket, ticket.pollSecret));
    expect(await sessionDesigner(pc.token!)).toBe(victimId);
    expect(dataOf<Poll>(await poll(ticket.ticket, ticket.pollSecret))).toEqual({ state: 'expired' });
  });

  it('an unknown phone: the resigner_id goes to the PC only, however often the attacker polls first', async () => {
    const ticket = await newTicket();
    await scanAndConfirm(ticket, {});
    for (let i = 0; i < 3; i++) expectFailure(await poll(ticket.ticket, 'guess'), 40400, 404);
    const pc = dataOf<Poll>(await poll(ticket.ticket, ticket.pollSecret));
    expect(pc).toEqual({ state: 'confirmed', resigner_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it('the JSON callback without the poll secret (the phone, or whoever holds the code) gets no token; the PC’s poll does', async () => {
    const ticket = await newTicket();
    const callback = await confirmOnPhone(ticket, victimPhone);
    const json = await t.app.inject({
      method: 'GET',
      url: callback,
      headers: { accept: 'application/json' },
    });
    expect(dataOf<Poll>(json)).toEqual({ state: 'confirmed' });
    const pc = dataOf<Poll>(await poll(ticket.ticket, ticket.pollSecret));
    expect(await sessionDesigner(pc.token!)).toBe(victimId);
  });

  it('the JSON callback with the ticket’s poll secret answers the login itself (spec §7 callback)', async () => {
    const ticket = await newTicket();
    const callback = await confirmOnPhone(ticket, victimPhone);
    const json = await t.app.inject({
      method: 'GET',
      url: callback,
      headers: { accept: 'application/json', [SECRET_HEADER]: ticket.pollSecret },
    });
    const answer = dataOf<Poll>(json);
    expect(await sessionDesigner(answer.token!)).toBe(victimId);
  });
});
