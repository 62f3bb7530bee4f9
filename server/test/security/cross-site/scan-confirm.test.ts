import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { builtinOauthCodes } from '../../../src/db/schema/index.ts';
import { crossSiteRefusal } from '../../../src/http/cross-site.ts';
import { contextPlugin } from '../../../src/plugins/context.ts';
import { crossSiteGuardPlugin } from '../../../src/plugins/cross-site-guard.ts';
import { errorHandlerPlugin } from '../../../src/plugins/error-handler.ts';
import { type AccountsApp, createAccountsApp } from '../../support/accounts-app.ts';
import { API, envelopeOf } from '../../support/test-app.ts';

/**
 * Issue 16 (HIGH): an HTML page served from the object store (:3001) auto-posted
 * `POST /designerapi/v1/scan/confirm ticket=<B's ticket>`. The store and the console (:3000) are
 * the same *site*, so the victim phone's `SameSite=Strict` device cookie went along and B's poll
 * received the victim's session. Now the post is refused unless it comes from the console's own
 * origin, and the form carries a per-page token bound to the device cookie.
 */
const CONSOLE = 'localhost:3000';
const STORE_ORIGIN = 'http://localhost:3001';

let t: AccountsApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t?.close());

interface Ticket {
  ticket: string;
  pollSecret?: string;
  qrUrl: string;
}
interface Phone {
  cookie?: string;
  formToken?: string;
}

async function newTicket(): Promise<Ticket> {
  const res = await t.app.inject({ method: 'POST', url: `${API}/scan-tickets`, headers: { host: CONSOLE } });
  return envelopeOf(res).data as Ticket;
}

/** The phone opens the QR code's page: it gets its device cookie and the page's form token. */
async function openOnPhone(ticket: Ticket, phone: Phone) {
  const url = new URL(ticket.qrUrl);
  const res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: {
      host: CONSOLE,
      accept: 'text/html',
      'sec-fetch-site': 'none',
      ...(phone.cookie ? { cookie: phone.cookie } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  const setCookie = res.headers['set-cookie'];
  if (setCookie) phone.cookie = String(setCookie).split(';')[0];
  phone.formToken = /name="formToken" value="([^"]+)"/.exec(res.body)?.[1];
  return res;
}

/** A form post to scan/confirm with the phone's cookie, from wherever `headers` say. */
const postConfirm = (phone: Phone, fields: Record<string, string>, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/scan/confirm`,
    headers: {
      host: CONSOLE,
      accept: 'text/html,application/xhtml+xml',
      'content-type': 'application/x-www-form-urlencoded',
      ...(phone.cookie ? { cookie: phone.cookie } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });

/** What Chromium sends for a form the page submits itself, from the page's origin. */
const formSubmitFrom = (origin: string, fetchSite: string) => ({
  origin,
  referer: `${origin}/designer-console/designers/2/images/x.png`,
  'sec-fetch-site': fetchSite,
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
});

const pollState = async (ticket: Ticket) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API}/codePcRegister?ticket=${ticket.ticket}`,
    headers: ticket.pollSecret ? { 'x-scan-poll-secret': ticket.pollSecret } : {},
  });
  return (envelopeOf(res).data as { state: string }).state;
};

const codesIssued = async () => (await t.db.select().from(builtinOauthCodes)).length;

/** A victim phone that has scanned before: it holds its device cookie. */
async function victimPhone(): Promise<Phone> {
  const phone: Phone = {};
  await openOnPhone(await newTicket(), phone);
  return phone;
}

function expectRefusedPage(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(403);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.body).toContain('请求被拒绝');
  expect(res.body).toContain('scan the code on the computer again');
  expect(res.headers.location).toBeUndefined();
}

describe('POST scan/confirm from another origin is refused (403 page), the ticket untouched', () => {
  it('the store page’s auto-post (Sec-Fetch-Site: same-site, Origin :3001) with the victim’s cookie is 403 and confirms nothing', async () => {
    const victim = await victimPhone();
    const attackersTicket = await newTicket();
    const before = await codesIssued();
    // Exactly what the auto-posting page makes the victim's browser send: the attacker's ticket,
    // the victim's cookie (SameSite=Strict lets it through: same site), no form token.
    const res = await postConfirm(
      victim,
      { ticket: attackersTicket.ticket },
      formSubmitFrom(STORE_ORIGIN, 'same-site'),
    );
    expectRefusedPage(res);
    expect(await codesIssued()).toBe(before);
    expect(await pollState(attackersTicket)).toBe('pending');
  });

  it('the same auto-post carrying a valid form token is still 403: same-site is not same-origin', async () => {
    const victim: Phone = {};
    const ticket = await newTicket();
    await openOnPhone(ticket, victim);
    const res = await postConfirm(
      victim,
      { ticket: ticket.ticket, formToken: victim.formToken! },
      formSubmitFrom(STORE_ORIGIN, 'same-site'),
    );
    expectRefusedPage(res);
    expect(await pollState(ticket)).toBe('scanned');
  });

  it('a fetch() from the store page (mode no-cors, credentials include) is 403', async () => {
    const victim = await victimPhone();
    const attackersTicket = await newTicket();
    const res = await postConfirm(
      victim,
      { ticket: attackersTicket.ticket },
      {
        origin: STORE_ORIGIN,
        'sec-fetch-site': 'same-site',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'empty',
      },
    );
    expectRefusedPage(res);
    expect(await pollState(attackersTicket)).toBe('pending');
  });

  it('a cross-site POST (Sec-Fetch-Site: cross-site, Origin evil.example.com) with the cookie is 403', async () => {
    const victim = await victimPhone();
    const attackersTicket = await newTicket();
    const res = await postConfirm(
      victim,
      { ticket: attackersTicket.ticket },
      formSubmitFrom('https://evil.example.com', 'cross-site'),
    );
    expectRefusedPage(res);
    expect(await pollState(attackersTicket)).toBe('pending');
  });

  it('an old browser without Sec-Fetch-Site: Origin of the store (:3001) is 403, Origin: null (sandboxed page) is 403', async () => {
    const victim = await victimPhone();
    const attackersTicket = await newTicket();
    for (const origin of [
      STORE_ORIGIN,
      'null',
      'http://localhost',
      'http://localhost:3000.evil.example.com',
    ]) {
      expectRefusedPage(await postConfirm(victim, { ticket: attackersTicket.ticket }, { origin }));
    }
    expect(await pollState(attackersTicket)).toBe('pending');
  });

  it('the refusal is in the envelope (40300 naming the header) for a client that asks for JSON', async () => {
    const victim = await victimPhone();
    const res = await postConfirm(
      victim,
      { ticket: 'x' },
      { accept: 'application/json', origin: STORE_ORIGIN, 'sec-fetch-site': 'same-site' },
    );
    expect(res.statusCode).toBe(403);
    // The phone's pages answer as pages whatever the Accept: the form is only ever posted by a browser.
    expect(res.body).toContain('请求被拒绝');
  });
});

describe('the confirmation form’s per-page token', () => {
  it('a same-origin form post without the page’s token is refused; the ticket stays open', async () => {
    const phone: Phone = {};
    const ticket = await newTicket();
    await openOnPhone(ticket, phone);
    expectRefusedPage(
      await postConfirm(
        phone,
        { ticket: ticket.ticket },
        formSubmitFrom('http://localhost:3000', 'same-origin'),
      ),
    );
    expect(await pollState(ticket)).toBe('scanned');
  });

  it('a wrong token — made up, another ticket’s page, or another phone’s page — is refused', async () => {
    const phone: Phone = {};
    const ticket = await newTicket();
    await openOnPhone(ticket, phone);
    const otherTicket = await newTicket();
    const samePhoneOtherPage: Phone = { cookie: phone.cookie };
    await openOnPhone(otherTicket, samePhoneOtherPage);
    // The attacker opens the victim-bound ticket's page on his own phone and copies its token.
    const attacker: Phone = {};
    await openOnPhone(ticket, attacker);
    for (const formToken of ['made-up', samePhoneOtherPage.formToken!, attacker.formToken!]) {
      expectRefusedPage(
        await postConfirm(
          phone,
          { ticket: ticket.ticket, formToken },
          formSubmitFrom('http://localhost:3000', 'same-origin'),
        ),
      );
    }
    expect(await pollState(ticket)).toBe('scanned');
  });

  it('the page’s own post (same origin, its token, the cookie) confirms: 303 to the callback', async () => {
    const phone: Phone = {};
    const ticket = await newTicket();
    await openOnPhone(ticket, phone);
    expect(phone.formToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await postConfirm(
      phone,
      { ticket: ticket.ticket, formToken: phone.formToken! },
      formSubmitFrom('http://localhost:3000', 'same-origin'),
    );
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^\/designerapi\/v1\/callback\?code=/);
  });

  it('an old browser (Origin of the console, no Sec-Fetch-Site) with the token confirms', async () => {
    const phone: Phone = {};
    const ticket = await newTicket();
    await openOnPhone(ticket, phone);
    const res = await postConfirm(
      phone,
      { ticket: ticket.ticket, formToken: phone.formToken! },
      { origin: 'http://localhost:3000' },
    );
    expect(res.statusCode).toBe(303);
  });
});

describe('over https the device cookie is __Host- (no other origin of the host can plant one)', () => {
  it('a phone on https gets __Host-dc_scan_device (Secure, Path=/); a planted plain cookie is not read', async () => {
    const secure = await createAccountsApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const headers = { host: 'console.example.com', 'x-forwarded-proto': 'https', accept: 'text/html' };
      const created = await secure.app.inject({ method: 'POST', url: `${API}/scan-tickets`, headers });
      const { ticket } = envelopeOf(created).data as Ticket;
      const page = await secure.app.inject({
        method: 'GET',
        url: `${API}/scan/confirm?ticket=${ticket}`,
        headers,
      });
      expect(String(page.headers['set-cookie'])).toMatch(
        /^__Host-dc_scan_device=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict; Secure$/,
      );
      const planted = `dc_scan_device=${'a'.repeat(43)}`;
      const { formToken } = { formToken: /name="formToken" value="([^"]+)"/.exec(page.body)?.[1] ?? '' };
      const res = await secure.app.inject({
        method: 'POST',
        url: `${API}/scan/confirm`,
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie: planted,
        },
        payload: new URLSearchParams({ ticket, formToken }).toString(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('请重新扫码');
    } finally {
      await secure.close();
    }
  });
});

describe('the guard itself (http/cross-site.ts, plugins/cross-site-guard.ts)', () => {
  it('Sec-Fetch-Site decides when present: only same-origin and none pass', () => {
    const verdict = (fetchSite: string, origin?: string) =>
      crossSiteRefusal(
        { host: CONSOLE, headers: { 'sec-fetch-site': fetchSite, ...(origin ? { origin } : {}) } },
        undefined,
      );
    expect(verdict('same-origin')).toBeUndefined();
    expect(verdict('none')).toBeUndefined();
    expect(verdict('same-site', 'http://localhost:3000')).toEqual({
      header: 'sec-fetch-site',
      value: 'same-site',
    });
    expect(verdict('cross-site')).toEqual({ header: 'sec-fetch-site', value: 'cross-site' });
    expect(verdict('bogus')).toBeDefined();
  });

  it('without Sec-Fetch-Site, Origin must name the request’s host (or PUBLIC_URL); absent both passes', () => {
    const verdict = (origin: string | undefined, host = CONSOLE, publicUrl?: string) =>
      crossSiteRefusal({ host, headers: origin ? { origin } : {} }, publicUrl);
    expect(verdict('http://localhost:3000')).toBeUndefined();
    expect(verdict('https://localhost:3000')).toBeUndefined();
    expect(verdict('http://console.example.com', 'console.example.com:80')).toBeUndefined();
    expect(
      verdict('https://console.example.com', 'internal:3000', 'https://console.example.com'),
    ).toBeUndefined();
    expect(verdict('http://localhost:3001')).toBeDefined();
    expect(verdict('null')).toBeDefined();
    expect(verdict('file://')).toBeDefined();
    expect(verdict('http://evil.example.com')).toBeDefined();
    expect(verdict(undefined)).toBeUndefined();
  });

  it('on an API route (sameOriginOnly) a cross-site write is 40300 in the envelope, naming the header; a GET passes', async () => {
    const app = Fastify();
    await app.register(contextPlugin, {
      config: loadConfig({ WEB_DIST: 'none' }),
      db: t.db,
      jobs: t.app.jobs,
    });
    await app.register(errorHandlerPlugin);
    await app.register(crossSiteGuardPlugin);
    app.route({
      method: ['GET', 'POST'],
      url: '/write',
      config: { sameOriginOnly: true },
      handler: async () => ({ written: true }),
    });
    try {
      const refused = await app.inject({
        method: 'POST',
        url: '/write',
        headers: { 'sec-fetch-site': 'same-site', 'accept-language': 'en-US' },
      });
      expect(refused.statusCode).toBe(403);
      expect(envelopeOf(refused)).toMatchObject({
        code: 40300,
        status: 1,
        msg: 'Refused: this request did not come from a page of this console',
        data: { errors: [{ path: 'sec-fetch-site' }] },
      });
      const read = await app.inject({
        method: 'GET',
        url: '/write',
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('every server-rendered post form and every cookie the server reads sits behind sameOriginOnly', async () => {
    // The next cookie-authenticated form must not be added without the guard.
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src');
    const files = (await fs.readdir(src, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const unguarded: string[] = [];
    for (const file of files) {
      const text = await fs.readFile(path.join(src, file), 'utf8');
      const postsForm = /<form[^>]*method="post"/i.test(text);
      if (postsForm && !text.includes('sameOriginOnly: true')) unguarded.push(file);
    }
    expect(unguarded).toEqual([]);
    const cookieReaders = files.filter((file) => file !== 'http/cross-site.ts');
    const readers: string[] = [];
    for (const file of cookieReaders) {
      if ((await fs.readFile(path.join(src, file), 'utf8')).includes('headers.cookie')) readers.push(file);
    }
    // Cookies authenticate only the scan device; its post routes are sameOriginOnly (above).
    expect(readers).toEqual([path.join('modules', 'scan', 'device-cookie.ts')]);
  });
});
