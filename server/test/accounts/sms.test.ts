import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes, smsOutbox } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  codeFor,
  createAccountsApp,
  dataOf,
  expectFailure,
  ipFor,
  latestCode,
  MINUTE,
  outbox,
  SECOND,
  sendCode,
  wrongCode,
} from '../support/accounts-app.ts';
import { API, createDesigner, envelopeOf, loginAs } from '../support/test-app.ts';

const PASSWORD = 'sms-test-pass-1';
let t: AccountsApp;
let annToken: string;

beforeAll(async () => {
  t = await createAccountsApp();
  await createDesigner(t.db, { account: 'ann', password: PASSWORD, phone: '13811110001' });
  await createDesigner(t.db, { account: 'gone', password: PASSWORD, phone: '13811110009', deleted: true });
  // Remembered: the tests move the app's clock by days, past a temporary session's 12 hours.
  annToken = await loginAs(t.app, 'ann', PASSWORD, true);
});
afterAll(() => t?.close());

const codesOf = (phone: string) => t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));

describe('POST /designerapi/v1/sendCode (§7 sendCode; DESIGN SmsSender, default outbox)', () => {
  it('§7 sendCode: a 6-digit code goes to the outbox; the answer says 300 s to live, 60 s to resend', async () => {
    const res = await sendCode(t.app, '13800000001', 'register');
    expect(dataOf(res)).toEqual({ expiresIn: 300, resendIn: 60 });
    expect(envelopeOf(res).msg).toBe('验证码已发送');
    const [message] = await outbox(t.app, '13800000001');
    expect(message).toMatchObject({ phone: '13800000001', purpose: 'register' });
    expect(message!.text).toMatch(/注册验证码是 \d{6}，5 分钟内有效/);
  });

  it('issue 4: only a hash of the code is stored, never the code itself', async () => {
    const code = await latestCode(t.app, '13800000001');
    const rows = await codesOf('13800000001');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('issue 4: one code per phone per 60 s → 42900 with data.retryAfter; fine again after 60 s', async () => {
    const phone = '13800000002';
    dataOf(await sendCode(t.app, phone, 'register'));
    t.clock.advance(20 * SECOND);
    const again = expectFailure(await sendCode(t.app, phone, 'register'), 42900, 429);
    expect(again.data).toEqual({ retryAfter: 40 });
    // The limit is per phone, whatever the purpose and address.
    expectFailure(await sendCode(t.app, phone, 'register', { ip: '10.9.9.9' }), 42900, 429);
    t.clock.advance(41 * SECOND);
    dataOf(await sendCode(t.app, phone, 'register'));
  });

  it('issue 4: 10 codes per phone per day; the 11th answers 42900 until the day is over', async () => {
    const phone = '13800000003';
    for (let i = 0; i < 10; i++) {
      dataOf(await sendCode(t.app, phone, 'register', { ip: `10.3.0.${i}` }));
      t.clock.advance(61 * SECOND);
    }
    const refused = expectFailure(await sendCode(t.app, phone, 'register', { ip: '10.3.1.1' }), 42900, 429);
    const retryAfter = (refused.data as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThan(86_400 - 11 * 61);
    expect(retryAfter).toBeLessThanOrEqual(86_400 - 10 * 61);
    expect(await outbox(t.app, phone)).toHaveLength(10);
    t.clock.advance(retryAfter * SECOND);
    dataOf(await sendCode(t.app, phone, 'register', { ip: '10.3.1.2' }));
  });

  it('issue 4: 30 codes per client address per hour, whatever the phones', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 30; i++)
      dataOf(await sendCode(t.app, `1390000${String(i).padStart(4, '0')}`, 'register', { ip }));
    const refused = expectFailure(await sendCode(t.app, '13900009999', 'register', { ip }), 42900, 429);
    expect((refused.data as { retryAfter: number }).retryAfter).toBeGreaterThan(3000);
    // Another address is not affected.
    dataOf(await sendCode(t.app, '13900009999', 'register', { ip: '10.77.0.2' }));
  });

  it('a newer code replaces the older one of the same phone and purpose', async () => {
    const phone = '13800000004';
    const first = await codeFor(t.app, phone, 'register');
    t.clock.advance(61 * SECOND);
    const second = await codeFor(t.app, phone, 'register');
    const live = (await codesOf(phone)).filter((row) => row.consumedAt === null);
    expect(live).toHaveLength(1);
    if (first !== second) {
      // The first one no longer registers.
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/register`,
        payload: { phone, code: first, password: 'Tailor-2026!', nickname: 'X', agree: true },
      });
      expectFailure(res, 20002, 422, 'code');
    }
  });
});

describe('sendCode purposes (login, register, bind-phone, change-phone-old, reset-password)', () => {
  // Issue 16 changed these two: sendCode no longer tells whether a phone is registered (it
  // answered 40000 / 20004 here); the phone gets a notice without a code instead.
  it('login and reset-password to a phone without an account: the same answer, a notice without a code', async () => {
    for (const purpose of ['login', 'reset-password'] as const) {
      t.clock.advance(61 * SECOND);
      dataOf(await sendCode(t.app, '13822220000', purpose));
      dataOf(await sendCode(t.app, '13811110009', purpose)); // deleted account
    }
    const notices = await outbox(t.app, '13822220000');
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.text).toContain('没有设计师账号');
      expect(notice.text).not.toMatch(/\d{6}/);
    }
    t.clock.advance(61 * SECOND);
    dataOf(await sendCode(t.app, '13811110001', 'login'));
  });

  it('issue 4 / 16: register to a phone that already has an account sends a notice, not a code', async () => {
    t.clock.advance(61 * SECOND);
    dataOf(await sendCode(t.app, '13811110001', 'register', { ip: '10.1.1.1' }));
    const [notice] = await outbox(t.app, '13811110001');
    expect(notice).toMatchObject({ purpose: 'register' });
    expect(notice!.text).toContain('已有设计师账号');
    expect(notice!.text).not.toMatch(/\d{6}/);
  });

  it('§8 20007: bind-phone and change-phone-old need a session', async () => {
    expectFailure(await sendCode(t.app, '13822220001', 'bind-phone'), 20007, 401);
    expectFailure(await sendCode(t.app, '13811110001', 'change-phone-old'), 20007, 401);
  });

  it('issue 4 / 16: bind-phone to a phone another account holds sends it a notice; 40000 for the own phone', async () => {
    await createDesigner(t.db, { account: 'bea', password: PASSWORD, phone: '13811110002' });
    dataOf(await sendCode(t.app, '13811110002', 'bind-phone', { token: annToken }));
    expect((await outbox(t.app, '13811110002'))[0]!.text).toContain('已绑定账号');
    expectFailure(
      await sendCode(t.app, '13811110001', 'bind-phone', { token: annToken }),
      40000,
      400,
      'phone',
    );
    dataOf(await sendCode(t.app, '13822220002', 'bind-phone', { token: annToken }));
  });

  it('change-phone-old goes only to the account’s own phone (40000 on phone otherwise)', async () => {
    expectFailure(
      await sendCode(t.app, '13822220003', 'change-phone-old', { token: annToken }),
      40000,
      400,
      'phone',
    );
    t.clock.advance(61 * SECOND);
    dataOf(await sendCode(t.app, '13811110001', 'change-phone-old', { token: annToken }));
  });

  it('40000 naming the field: a phone that is not 11 digits, an unknown purpose, unknown fields', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/sendCode`, payload });
    expectFailure(await post({ phone: '12345', purpose: 'login' }), 40000, 400, 'phone');
    expectFailure(await post({ phone: '23800000000', purpose: 'login' }), 40000, 400, 'phone');
    expectFailure(await post({ phone: '13800000000', purpose: 'spam' }), 40000, 400, 'purpose');
    expectFailure(await post({ phone: '13800000000', purpose: 'login', text: 'hi' }), 40000, 400, 'text');
  });
});

describe('codes: 5 minutes, 5 wrong tries (checked through phone login)', () => {
  const loginByCode = (phone: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      remoteAddress: ipFor(phone),
      payload: { phone, code },
    });

  it('issue 4 20002: a code older than 5 minutes no longer works', async () => {
    await createDesigner(t.db, { account: 'late', password: PASSWORD, phone: '13811110003' });
    const code = await codeFor(t.app, '13811110003', 'login');
    t.clock.advance(5 * MINUTE);
    expectFailure(await loginByCode('13811110003', code), 20002, 422, 'code');
  });

  it('issue 4 20002: locked after 5 wrong tries — then even the right code is refused', async () => {
    await createDesigner(t.db, { account: 'clumsy', password: PASSWORD, phone: '13811110004' });
    const code = await codeFor(t.app, '13811110004', 'login');
    for (let i = 0; i < 4; i++)
      expectFailure(await loginByCode('13811110004', wrongCode(code)), 20002, 422, 'code');
    const fifth = expectFailure(await loginByCode('13811110004', wrongCode(code)), 20002, 422, 'code');
    expect(fifth.msg).toBe('验证码错误次数过多，请重新获取');
    expectFailure(await loginByCode('13811110004', code), 20002, 422, 'code');
    const [row] = await codesOf('13811110004');
    expect(row!.attempts).toBe(5);
    // A new code works again.
    t.clock.advance(61 * SECOND);
    const fresh = await codeFor(t.app, '13811110004', 'login');
    dataOf(await loginByCode('13811110004', fresh));
  });

  it('four wrong tries leave the right code usable', async () => {
    await createDesigner(t.db, { account: 'careful', password: PASSWORD, phone: '13811110005' });
    const code = await codeFor(t.app, '13811110005', 'login');
    for (let i = 0; i < 4; i++) expectFailure(await loginByCode('13811110005', wrongCode(code)), 20002, 422);
    dataOf(await loginByCode('13811110005', code));
  });
});

describe('GET /designerapi/v1/dev/outbox (SMS_PROVIDER=outbox, loopback only)', () => {
  it('issue 4: an HTML page for the operator, script-free, with the codes and the public-install warning', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/dev/outbox?phone=13800000001` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html>/i);
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('13800000001');
    expect(res.body).toContain(await latestCode(t.app, '13800000001'));
    expect(res.body).toContain('A public install needs a real SMS provider');
  });

  it('issue 4: 40300 from another machine, and through a proxy (a forwarding header) even on loopback', async () => {
    const remote = await t.app.inject({
      method: 'GET',
      url: `${API}/dev/outbox`,
      remoteAddress: '192.168.1.20',
    });
    expectFailure(remote, 40300, 403);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await t.app.inject({
        method: 'GET',
        url: `${API}/dev/outbox?format=json`,
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
      });
      expectFailure(proxied, 40300, 403);
    }
  });

  it('the outbox keeps a week of messages', async () => {
    const old = new Date(t.clock.now().getTime() - 8 * 86_400_000);
    await t.db
      .insert(smsOutbox)
      .values({ phone: '13800000999', purpose: 'login', text: 'old', createdAt: old });
    expect(await outbox(t.app, '13800000999')).toHaveLength(1);
    dataOf(await sendCode(t.app, '13800000998', 'register'));
    expect(await outbox(t.app, '13800000999')).toHaveLength(0);
  });

  it('answers IPv6 loopback too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/dev/outbox?format=json`,
      remoteAddress: '::1',
    });
    expect(dataOf<{ totalNumber: number }>(res).totalNumber).toBeGreaterThan(0);
  });
});

describe('SMS_PROVIDER=webhook (a real gateway plugs in by config)', () => {
  let hook: AccountsApp;
  let server: http.Server;
  const received: unknown[] = [];
  let answer = 200;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    hook = await createAccountsApp({
      env: { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` },
    });
  });
  afterAll(async () => {
    await hook?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sendCode POSTs {phone, purpose, text} as JSON to SMS_WEBHOOK_URL; nothing goes to the outbox', async () => {
    dataOf(await sendCode(hook.app, '13800000101', 'register'));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      type: 'application/json',
      body: { phone: '13800000101', purpose: 'register', text: expect.stringMatching(/验证码是 \d{6}/) },
    });
    expect(await hook.db.select().from(smsOutbox)).toHaveLength(0);
  });

  it('issue 4: the outbox page exists only with SMS_PROVIDER=outbox (40400 here)', async () => {
    expectFailure(await hook.app.inject({ method: 'GET', url: `${API}/dev/outbox` }), 40400, 404);
  });

  it('a gateway failure answers 50300 and keeps no usable code', async () => {
    answer = 500;
    const res = await sendCode(hook.app, '13800000102', 'register');
    expectFailure(res, 50300, 503);
    expect(await hook.db.select().from(smsCodes).where(eq(smsCodes.phone, '13800000102'))).toHaveLength(0);
    answer = 200;
  });
});
