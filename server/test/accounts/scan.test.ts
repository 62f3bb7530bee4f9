import { createHash } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers, scanTickets, sessions, wechatBindings } from '../../src/db/schema/index.ts';
import { redactUrl } from '../../src/http/log-redaction.ts';
import {
  type AccountsApp,
  codeFor,
  createAccountsApp,
  dataOf,
  expectFailure,
  MINUTE,
  SECOND,
  wrongCode,
} from '../support/accounts-app.ts';
import { API, authHeader, createDesigner, envelopeOf, loginAs, rowCounts } from '../support/test-app.ts';

const PUBLIC_URL = 'https://console.example.com';
const PASSWORD = 'scan-test-pass-1';

let t: AccountsApp;
let olgaId: number;
let olgaToken: string;

beforeAll(async () => {
  t = await createAccountsApp({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
  olgaId = await createDesigner(t.db, { account: 'olga', password: PASSWORD, phone: '13500000001' });
  olgaToken = await loginAs(t.app, 'olga', PASSWORD);
});
afterAll(() => t?.close());

interface Ticket {
  ticket: string;
  pollSecret: string;
  qrUrl: string;
  expiresAt: string;
  expiresIn: number;
}
interface Poll {
  state: string;
  token?: string;
  newly_register?: number;
  resigner_id?: string;
}
/** A phone's browser: the built-in provider knows it by its cookie. */
interface Device {
  cookie?: string;
  /** The per-page token of the confirmation page it opened last (issue 16). */
  formToken?: string;
}

/** Issue 16: the PC polls with the secret its ticket came with; the test plays that PC. */
const pollSecrets = new Map<string, string>();
const pollHeader = (ticket: string) => ({
  'x-scan-poll-secret': pollSecrets.get(ticket) ?? 'unknown-ticket',
});

async function newTicket(purpose?: 'login' | 'bind', token?: string): Promise<Ticket> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/scan-tickets`,
    headers: token ? authHeader(token) : {},
    ...(purpose ? { payload: { purpose } } : {}),
  });
  const ticket = dataOf<Ticket>(res);
  pollSecrets.set(ticket.ticket, ticket.pollSecret);
  return ticket;
}

const pollRes = (ticket: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/codePcRegister?ticket=${encodeURIComponent(ticket)}&_t=1`,
    headers: pollHeader(ticket),
  });
const poll = async (ticket: string) => dataOf<Poll>(await pollRes(ticket));

/** The phone opens the QR code's URL (the built-in confirmation page). */
async function openOnPhone(qrUrl: string, device: Device): Promise<LightMyRequestResponse> {
  const url = new URL(qrUrl);
  const res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { accept: 'text/html', ...(device.cookie ? { cookie: device.cookie } : {}) },
  });
  const setCookie = res.headers['set-cookie'];
  if (setCookie) device.cookie = String(setCookie).split(';')[0];
  const formToken = /name="formToken" value="([^"]+)"/.exec(res.body)?.[1];
  if (formToken) device.formToken = formToken;
  return res;
}

/** The phone presses the confirm button. */
const confirmOnPhone = (ticket: string, device: Device) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/scan/confirm`,
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      ...(device.cookie ? { cookie: device.cookie } : {}),
    },
    payload: new URLSearchParams({
      ticket,
      ...(device.formToken ? { formToken: device.formToken } : {}),
    }).toString(),
  });

/** Scan, confirm, and follow the redirect to the callback as the phone's browser (HTML). */
async function scanAndConfirm(ticket: Ticket, device: Device, accept = 'text/html') {
  expect((await openOnPhone(ticket.qrUrl, device)).statusCode).toBe(200);
  const confirmed = await confirmOnPhone(ticket.ticket, device);
  expect(confirmed.statusCode).toBe(303);
  const location = String(confirmed.headers.location);
  return t.app.inject({ method: 'GET', url: location, headers: { accept, ...pollHeader(ticket.ticket) } });
}

const registerByScan = (query: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${API}/codePcRegister?${new URLSearchParams(query)}` });

async function sessionDesigner(token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.designerId;
}

const bindingsOf = (designerId: number) =>
  t.db.select().from(wechatBindings).where(eq(wechatBindings.designerId, designerId));

describe('POST /designerapi/v1/scan-tickets and the poll (§7 GET codePcRegister)', () => {
  it('issue 4: a ticket lives 2 minutes; its QR code opens this server’s confirmation page (PUBLIC_URL)', async () => {
    const ticket = await newTicket();
    expect(ticket.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ticket.expiresIn).toBe(120);
    expect(ticket.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(ticket.qrUrl).toBe(`${PUBLIC_URL}${API}/scan/confirm?ticket=${ticket.ticket}`);
    // Only a hash of the ticket is stored.
    const rows = await t.db.select().from(scanTickets);
    expect(JSON.stringify(rows)).not.toContain(ticket.ticket);
  });

  it('§7 codePcRegister: the poll answers pending, then scanned once the phone opened the page', async () => {
    const ticket = await newTicket();
    const pending = await pollRes(ticket.ticket);
    expect(dataOf(pending)).toEqual({ state: 'pending' });
    expect(envelopeOf(pending).msg).toBe('等待扫码');
    await openOnPhone(ticket.qrUrl, {});
    expect(await poll(ticket.ticket)).toEqual({ state: 'scanned' });
  });

  it('issue 4: after 2 minutes the poll answers expired with a clear message', async () => {
    const ticket = await newTicket();
    t.clock.advance(120 * SECOND);
    const res = await pollRes(ticket.ticket);
    expect(dataOf(res)).toEqual({ state: 'expired' });
    expect(envelopeOf(res).msg).toBe('二维码已过期，请刷新');
    const en = await t.app.inject({
      method: 'GET',
      url: `${API}/codePcRegister?ticket=${ticket.ticket}`,
      headers: { 'accept-language': 'en-US', ...pollHeader(ticket.ticket) },
    });
    expect(envelopeOf(en).msg).toBe('The QR code has expired: refresh it');
  });

  it('40400 for an unknown ticket; 40000 without one', async () => {
    expectFailure(await pollRes('no-such-ticket'), 40400, 404);
    expectFailure(await t.app.inject({ method: 'GET', url: `${API}/codePcRegister` }), 40000, 400, 'ticket');
  });
});

describe('the built-in confirmation page (WechatOAuth default; script-free HTML)', () => {
  it('issue 4: the page asks to confirm, posts the ticket, and sets an HttpOnly SameSite=Strict device cookie', async () => {
    const ticket = await newTicket();
    const device: Device = {};
    const res = await openOnPhone(ticket.qrUrl, device);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain(`<form method="post" action="${API}/scan/confirm">`);
    expect(res.body).toContain(`name="ticket" value="${ticket.ticket}"`);
    expect(res.body).toContain('确认在电脑上登录设计师后台');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^dc_scan_device=[A-Za-z0-9_-]{43}; Path=\/designerapi\/v1\/scan; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    // The same device keeps its cookie.
    const again = await openOnPhone(ticket.qrUrl, device);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('confirming without the device cookie (e.g. a cross-site post) is refused with a page; the ticket stays open', async () => {
    const ticket = await newTicket();
    await openOnPhone(ticket.qrUrl, {});
    const res = await confirmOnPhone(ticket.ticket, {});
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('请重新扫码');
    expect(await poll(ticket.ticket)).toEqual({ state: 'scanned' });
  });

  it('issue 4: an expired ticket shows a page saying to refresh the QR code', async () => {
    const ticket = await newTicket();
    t.clock.advance(121 * SECOND);
    const res = await openOnPhone(ticket.qrUrl, {});
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('二维码已过期');
    expect(res.body).toContain('refresh it on the computer');
    const unknown = await openOnPhone(`${PUBLIC_URL}${API}/scan/confirm?ticket=nope`, {});
    expect(unknown.statusCode).toBe(404);
    // A link cut short still gets a page, not a JSON error.
    const cut = await openOnPhone(`${PUBLIC_URL}${API}/scan/confirm`, {});
    expect(cut.statusCode).toBe(404);
    expect(cut.headers['content-type']).toMatch(/^text\/html/);
    expect(cut.body).toContain('二维码无效');
  });
});

describe('scan login end to end (§7 codePcRegister GET/POST, callback)', () => {
  const phoneOfNewcomer = '13500000002';
  const device: Device = {};
  let newcomerAccount: string;

  it('§7 codePcRegister: an unknown openid answers data.resigner_id; the poll then says expired (one-time)', async () => {
    const ticket = await newTicket();
    const callback = await scanAndConfirm(ticket, device);
    expect(callback.statusCode).toBe(200);
    expect(callback.body).toContain('已确认登录，请回到电脑上继续');
    const answer = await poll(ticket.ticket);
    expect(answer).toEqual({ state: 'confirmed', resigner_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(await poll(ticket.ticket)).toEqual({ state: 'expired' });

    // §7 POST codePcRegister: a new account with phone + code + nickname.
    const code = await codeFor(t.app, phoneOfNewcomer, 'register');
    const res = await registerByScan({
      resigner_id: answer.resigner_id!,
      phone: phoneOfNewcomer,
      code,
      nickname: '扫码新人',
      agree: '1',
    });
    const registered = dataOf<{ token: string; newly_register: number; account: string }>(res);
    expect(registered.newly_register).toBe(1);
    newcomerAccount = registered.account;
    const [row] = await t.db.select().from(designers).where(eq(designers.phone, phoneOfNewcomer));
    expect(row).toMatchObject({ account: newcomerAccount, nickname: '扫码新人', newlyRegister: true });
    expect(await sessionDesigner(registered.token)).toBe(row!.id);
    expect(await bindingsOf(row!.id)).toHaveLength(1);

    // The resigner_id is spent.
    expectFailure(
      await registerByScan({ resigner_id: answer.resigner_id!, account: newcomerAccount, password: 'x' }),
      20002,
      422,
      'resigner_id',
    );
  });

  it('§7 codePcRegister: a known openid logs in — data.token and data.newly_register — and the ticket is used up', async () => {
    const ticket = await newTicket();
    await scanAndConfirm(ticket, device);
    const answer = await poll(ticket.ticket);
    expect(answer).toEqual({ state: 'confirmed', token: expect.any(String), newly_register: 1 });
    const [row] = await t.db.select().from(designers).where(eq(designers.phone, phoneOfNewcomer));
    expect(await sessionDesigner(answer.token!)).toBe(row!.id);
    expect(await poll(ticket.ticket)).toEqual({ state: 'expired' });
  });

  it('§7 callback: asked for JSON, the callback itself answers data.token and data.newly_register', async () => {
    const ticket = await newTicket();
    const res = await scanAndConfirm(ticket, device, 'application/json, text/plain, */*');
    expect(dataOf(res)).toEqual({ state: 'confirmed', token: expect.any(String), newly_register: 1 });
    expect(await poll(ticket.ticket)).toEqual({ state: 'expired' });
  });

  it('§7 callback: a code cannot be used twice, nor with another ticket (20002)', async () => {
    const first = await newTicket();
    const other = await newTicket();
    await openOnPhone(first.qrUrl, device);
    const confirmed = await confirmOnPhone(first.ticket, device);
    const location = new URL(String(confirmed.headers.location), PUBLIC_URL);
    const code = location.searchParams.get('code')!;
    const callback = (state: string) =>
      t.app.inject({ method: 'GET', url: `${API}/callback?${new URLSearchParams({ code, state })}` });
    expectFailure(await callback(other.ticket), 20002, 422, 'code');
    dataOf(await callback(first.ticket));
    expectFailure(await callback(first.ticket), 20002, 422, 'state');
  });

  it('§7 callback: a made-up code is 20002; an unknown state 40400; an expired ticket 20002 with a clear message', async () => {
    const ticket = await newTicket();
    const callback = (query: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `${API}/callback?${new URLSearchParams(query)}`, headers });
    expectFailure(await callback({ code: 'made-up', state: ticket.ticket }), 20002, 422, 'code');
    expectFailure(await callback({ code: 'made-up', state: 'nope' }), 40400, 404);
    expectFailure(await callback({ code: 'made-up' }), 40000, 400, 'state');
    t.clock.advance(2 * MINUTE);
    const expired = expectFailure(
      await callback({ code: 'made-up', state: ticket.ticket }),
      20002,
      422,
      'state',
    );
    expect(expired.msg).toBe('二维码已过期或已使用，请刷新二维码后重新扫码');
    const page = await callback({ code: 'made-up', state: ticket.ticket }, { accept: 'text/html' });
    expect(page.statusCode).toBe(422);
    expect(page.body).toContain('二维码已过期');
  });

  it('§7 POST codePcRegister: binds an existing account by account + password (20001 when wrong, nothing bound)', async () => {
    const otherDevice: Device = {};
    const ticket = await newTicket();
    await scanAndConfirm(ticket, otherDevice);
    const { resigner_id } = await poll(ticket.ticket);
    expectFailure(
      await registerByScan({ resigner_id: resigner_id!, account: 'olga', password: 'wrong-pass' }),
      20001,
      401,
    );
    expect(await bindingsOf(olgaId)).toHaveLength(0);
    const answer = dataOf<{ token: string; newly_register: number; account: string }>(
      await registerByScan({ resigner_id: resigner_id!, account: 'OLGA', password: PASSWORD, remember: '1' }),
    );
    expect(answer).toMatchObject({ newly_register: 0, account: 'olga' });
    expect(await sessionDesigner(answer.token)).toBe(olgaId);
    expect(await bindingsOf(olgaId)).toHaveLength(1);

    // From now on that phone logs straight into olga.
    const next = await newTicket();
    await scanAndConfirm(next, otherDevice);
    const login = await poll(next.ticket);
    expect(await sessionDesigner(login.token!)).toBe(olgaId);
  });

  it('§8 20012: a known openid of a frozen account; an existing frozen account cannot take a WeChat either', async () => {
    const frozenDevice: Device = {};
    const id = await createDesigner(t.db, { account: 'ice', password: PASSWORD, phone: '13500000003' });
    const ticket = await newTicket();
    await scanAndConfirm(ticket, frozenDevice);
    const { resigner_id } = await poll(ticket.ticket);
    dataOf(await registerByScan({ resigner_id: resigner_id!, account: 'ice', password: PASSWORD }));
    await t.db.update(designers).set({ status: 'frozen' }).where(eq(designers.id, id));
    const next = await newTicket();
    await scanAndConfirm(next, frozenDevice);
    expectFailure(await pollRes(next.ticket), 20012, 403);

    const third = await newTicket();
    await scanAndConfirm(third, {});
    const handed = await poll(third.ticket);
    expectFailure(
      await registerByScan({ resigner_id: handed.resigner_id!, account: 'ice', password: PASSWORD }),
      20012,
      403,
    );
  });

  it('§7 POST codePcRegister: new-account errors — wrong code 20002, taken phone 20004 — change nothing', async () => {
    const ticket = await newTicket();
    await scanAndConfirm(ticket, {});
    const { resigner_id } = await poll(ticket.ticket);
    const code = await codeFor(t.app, '13500000004', 'register');
    const before = await rowCounts(t.db);
    const base = { resigner_id: resigner_id!, phone: '13500000004', nickname: 'N', agree: '1' };
    expectFailure(await registerByScan({ ...base, code: wrongCode(code) }), 20002, 422, 'code');
    await createDesigner(t.db, { account: 'quick', password: PASSWORD, phone: '13500000004' });
    const afterQuick = await rowCounts(t.db);
    expect(afterQuick.designers).toBe(before.designers + 1);
    expectFailure(await registerByScan({ ...base, code }), 20004, 409, 'phone');
    expect(await rowCounts(t.db)).toEqual(afterQuick);
    // The resigner_id is still good for another choice.
    dataOf(await registerByScan({ resigner_id: resigner_id!, account: 'quick', password: PASSWORD }));
  });

  it('§7 POST codePcRegister: 20002 for an unknown resigner_id, and once its 10 minutes are over', async () => {
    expectFailure(
      await registerByScan({ resigner_id: 'nope', account: 'olga', password: PASSWORD }),
      20002,
      422,
      'resigner_id',
    );
    const ticket = await newTicket();
    await scanAndConfirm(ticket, {});
    const { resigner_id } = await poll(ticket.ticket);
    t.clock.advance(10 * MINUTE);
    const body = expectFailure(
      await registerByScan({ resigner_id: resigner_id!, account: 'olga', password: PASSWORD }),
      20002,
      422,
      'resigner_id',
    );
    expect(body.msg).toContain('重新扫码');
  });

  it('40000 naming the fields of each form (query params)', async () => {
    expectFailure(await registerByScan({ account: 'olga', password: PASSWORD }), 40000, 400, 'resigner_id');
    expectFailure(await registerByScan({ resigner_id: 'r', account: 'olga' }), 40000, 400, 'password');
    expectFailure(
      await registerByScan({ resigner_id: 'r', phone: '135', code: '1', nickname: 'n', agree: '1' }),
      40000,
      400,
      'phone',
    );
    expectFailure(
      await registerByScan({ resigner_id: 'r', phone: '13500000009', code: '123456', nickname: 'n' }),
      40000,
      400,
      'agree',
    );
    expectFailure(
      await registerByScan({
        resigner_id: 'r',
        phone: '13500000009',
        code: '123456',
        nickname: 'n',
        agree: '1',
        password: 'short',
      }),
      40000,
      400,
      'password',
    );
  });

  it('request logs never carry the query’s password, codes, ticket or resigner_id', () => {
    const logged = redactUrl(
      `${API}/codePcRegister?resigner_id=abc&account=olga&password=hunter22&code=123456`,
    );
    expect(logged).not.toMatch(/abc|hunter22|123456/);
    expect(logged).toContain('account=olga');
    expect(redactUrl(`${API}/callback?code=c0de&state=t1ck`)).not.toMatch(/c0de|t1ck/);
  });
});

describe('binding and unbinding WeChat from self information', () => {
  const device: Device = {};

  it('§8 20007: a bind ticket needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/scan-tickets`,
      payload: { purpose: 'bind' },
    });
    expectFailure(res, 20007, 401);
  });

  it('issue 4: bind ticket → phone confirms → POST yiDesigner/bindWechat binds it; unbindWechat removes it', async () => {
    const id = await createDesigner(t.db, { account: 'petra', password: PASSWORD });
    const token = await loginAs(t.app, 'petra', PASSWORD);
    const ticket = await newTicket('bind', token);
    const bind = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/yiDesigner/bindWechat`,
        headers: authHeader(token),
        payload: { ticket: ticket.ticket },
      });
    expectFailure(await bind(), 40900, 409);
    const page = await openOnPhone(ticket.qrUrl, device);
    expect(page.body).toContain('绑定微信');
    const confirmed = await confirmOnPhone(ticket.ticket, device);
    const callback = await t.app.inject({
      method: 'GET',
      url: String(confirmed.headers.location),
      headers: { accept: 'text/html' },
    });
    expect(callback.body).toContain('已确认绑定');
    expect(await poll(ticket.ticket)).toEqual({ state: 'confirmed' });

    const bound = dataOf<{ bound: boolean; boundAt: string }>(await bind());
    expect(bound.bound).toBe(true);
    expect(await bindingsOf(id)).toHaveLength(1);
    const account = await t.app.inject({ method: 'GET', url: `${API}/account`, headers: authHeader(token) });
    expect(dataOf<{ wechat: unknown }>(account).wechat).toEqual({ bound: true, boundAt: bound.boundAt });
    expectFailure(await bind(), 20002, 422, 'ticket');

    // Another designer cannot use petra's ticket.
    const stranger = await t.app.inject({
      method: 'POST',
      url: `${API}/yiDesigner/bindWechat`,
      headers: authHeader(olgaToken),
      payload: { ticket: ticket.ticket },
    });
    expectFailure(stranger, 40400, 404);

    const unbind = () =>
      t.app.inject({ method: 'POST', url: `${API}/yiDesigner/unbindWechat`, headers: authHeader(token) });
    expect(dataOf(await unbind())).toEqual({ bound: false, boundAt: null });
    expect(await bindingsOf(id)).toHaveLength(0);
    expectFailure(await unbind(), 40400, 404);
  });

  it('issue 4 20004: binding a WeChat another account holds; nothing changes', async () => {
    // `device` is unbound again; olga binds it first through the scan registration.
    const taken = await newTicket();
    await scanAndConfirm(taken, device);
    const { resigner_id } = await poll(taken.ticket);
    await createDesigner(t.db, { account: 'quinn', password: PASSWORD });
    dataOf(await registerByScan({ resigner_id: resigner_id!, account: 'quinn', password: PASSWORD }));

    const ruthId = await createDesigner(t.db, { account: 'ruth', password: PASSWORD });
    const token = await loginAs(t.app, 'ruth', PASSWORD);
    const ticket = await newTicket('bind', token);
    await scanAndConfirm(ticket, device);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/yiDesigner/bindWechat`,
      headers: authHeader(token),
      payload: { ticket: ticket.ticket },
    });
    expectFailure(res, 20004, 409, 'ticket');
    expect(await bindingsOf(ruthId)).toHaveLength(0);
  });

  it('issue 4 20004: an openid bound elsewhere between the poll and POST codePcRegister; no account is created', async () => {
    const racer: Device = {};
    const ticket = await newTicket();
    await scanAndConfirm(ticket, racer);
    const { resigner_id } = await poll(ticket.ticket);
    // Meanwhile the same phone binds itself to olga from olga's self information.
    const bindTicket = await newTicket('bind', olgaToken);
    await scanAndConfirm(bindTicket, racer);
    dataOf(
      await t.app.inject({
        method: 'POST',
        url: `${API}/yiDesigner/bindWechat`,
        headers: authHeader(olgaToken),
        payload: { ticket: bindTicket.ticket },
      }),
    );
    const code = await codeFor(t.app, '13500000005', 'register');
    const before = await rowCounts(t.db);
    const res = await registerByScan({
      resigner_id: resigner_id!,
      phone: '13500000005',
      code,
      nickname: 'Racer',
      agree: '1',
    });
    expectFailure(res, 20004, 409, 'resigner_id');
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('QR addresses and the real WeChat provider', () => {
  it('without PUBLIC_URL: the request’s host, and a localhost host becomes this machine’s LAN address', async () => {
    // Issue 16: a host name other than this machine's reaches the QR code only when PUBLIC_HOSTS lists it.
    const plain = await createAccountsApp({ env: { PUBLIC_HOSTS: 'console.lan' } });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: `${API}/scan-tickets`,
        headers: { host: 'console.lan:3000' },
      });
      expect(dataOf<Ticket>(res).qrUrl).toMatch(
        /^http:\/\/console\.lan:3000\/designerapi\/v1\/scan\/confirm\?ticket=/,
      );
      const local = await plain.app.inject({
        method: 'POST',
        url: `${API}/scan-tickets`,
        headers: { host: 'localhost:3000' },
      });
      const lan = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
      expect(dataOf<Ticket>(local).qrUrl).toMatch(
        new RegExp(`^http://${lan ?? 'localhost'}:3000/designerapi/v1/scan/confirm`),
      );
    } finally {
      await plain.close();
    }
  });

  it('DESIGN WechatOAuth: with WECHAT_APPID/WECHAT_SECRET the QR code is WeChat’s OAuth page redirecting to callback', async () => {
    const wechat = await createAccountsApp({
      env: { WECHAT_APPID: 'wx1234567890abcdef', WECHAT_SECRET: 'not-a-real-secret', PUBLIC_URL },
    });
    try {
      const ticket = dataOf<Ticket>(await wechat.app.inject({ method: 'POST', url: `${API}/scan-tickets` }));
      const url = new URL(ticket.qrUrl);
      expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        appid: 'wx1234567890abcdef',
        redirect_uri: `${PUBLIC_URL}${API}/callback`,
        response_type: 'code',
        scope: 'snsapi_base',
        state: ticket.ticket,
      });
      expect(url.hash).toBe('#wechat_redirect');
      // The built-in confirmation page does not exist then.
      const page = await wechat.app.inject({
        method: 'GET',
        url: `${API}/scan/confirm?ticket=${ticket.ticket}`,
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await wechat.close();
    }
  });
});
