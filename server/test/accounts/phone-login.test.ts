import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, smsCodes } from '../../src/db/schema/index.ts';
import {
  type AccountsApp,
  codeFor,
  createAccountsApp,
  dataOf,
  expectFailure,
  ipFor,
  MINUTE,
  SECOND,
  wrongCode,
} from '../support/accounts-app.ts';
import { API, authHeader, createDesigner, multipartBody, rowCounts } from '../support/test-app.ts';

const PASSWORD = 'phone-login-pass';
let t: AccountsApp;
let annId: number;

beforeAll(async () => {
  t = await createAccountsApp();
  annId = await createDesigner(t.db, { account: 'ann', password: PASSWORD, phone: '13700000001' });
  await createDesigner(t.db, {
    account: 'fresh',
    password: PASSWORD,
    phone: '13700000002',
    newlyRegister: true,
  });
  await createDesigner(t.db, { account: 'icy', password: PASSWORD, phone: '13700000003', status: 'frozen' });
  await createDesigner(t.db, {
    account: 'waiting',
    password: PASSWORD,
    phone: '13700000004',
    status: 'pending_review',
  });
});
afterAll(() => t?.close());

const login = (payload: object, ip = '10.50.0.1') =>
  t.app.inject({ method: 'POST', url: `${API}/login`, remoteAddress: ip, payload });

async function sessionOf(token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row;
}

describe('POST designerapi/v1/login with phone + code (issue 4, item 1)', () => {
  it('§7 login: phone + code answers data.token and data.newly_register; the session is the phone’s account', async () => {
    const code = await codeFor(t.app, '13700000001', 'login');
    const answer = dataOf<{ token: string; newly_register: number }>(
      await login({ phone: '13700000001', code, remember: true }),
    );
    expect(answer.newly_register).toBe(0);
    expect(await sessionOf(answer.token)).toMatchObject({ designerId: annId, persistent: true });
    // The session works on a guarded call.
    const info = await t.app.inject({
      method: 'GET',
      url: `${API}/yiDesigner/modifyInfo`,
      headers: authHeader(answer.token),
    });
    expect(dataOf<{ id: number }>(info).id).toBe(annId);
  });

  it('§7 login: a form-data body with phone + code works as well; newly_register 1 for a new account', async () => {
    const code = await codeFor(t.app, '13700000002', 'login');
    const form = await multipartBody({ phone: '13700000002', code });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      remoteAddress: '10.50.0.2',
      ...form,
    });
    expect(dataOf<{ newly_register: number }>(res).newly_register).toBe(1);
  });

  it('issue 4 20002: a reused code is refused, and nothing is written', async () => {
    t.clock.advance(61 * SECOND);
    const code = await codeFor(t.app, '13700000001', 'login');
    dataOf(await login({ phone: '13700000001', code }));
    const before = await rowCounts(t.db);
    expectFailure(await login({ phone: '13700000001', code }), 20002, 422, 'code');
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('issue 4 20002: a wrong code creates no session and spends nothing', async () => {
    t.clock.advance(61 * SECOND);
    const code = await codeFor(t.app, '13700000001', 'login');
    const before = await rowCounts(t.db);
    const body = expectFailure(
      await login({ phone: '13700000001', code: wrongCode(code) }),
      20002,
      422,
      'code',
    );
    expect(body.msg).toBe('验证码错误或已过期');
    expect(await rowCounts(t.db)).toEqual(before);
    dataOf(await login({ phone: '13700000001', code }));
  });

  it('issue 4 20002: a code sent for another purpose does not log in', async () => {
    t.clock.advance(61 * SECOND);
    const code = await codeFor(t.app, '13700000001', 'reset-password');
    expectFailure(await login({ phone: '13700000001', code }), 20002, 422, 'code');
  });

  it('20002: a phone no account has (no code can exist for it)', async () => {
    expectFailure(await login({ phone: '13799999999', code: '123456' }), 20002, 422, 'code');
  });

  it('§8 20012: a frozen or pending-review account with the right code; the code is not spent', async () => {
    for (const phone of ['13700000003', '13700000004']) {
      const code = await codeFor(t.app, phone, 'login');
      expectFailure(await login({ phone, code }), 20012, 403);
      const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(row!.consumedAt).toBeNull();
    }
  });

  it('40000 naming the fields of the phone form: bad phone, bad code, account and password mixed in', async () => {
    expectFailure(await login({ phone: '1370000', code: '123456' }), 40000, 400, 'phone');
    expectFailure(await login({ phone: '13700000001', code: '12345' }), 40000, 400, 'code');
    expectFailure(await login({ phone: '13700000001' }), 40000, 400, 'code');
    expectFailure(await login({ code: '123456' }), 40000, 400, 'phone');
    expectFailure(
      await login({ phone: '13700000001', code: '123456', password: 'x' }),
      40000,
      400,
      'password',
    );
    // Without phone or code the account form is meant: its fields are named.
    expectFailure(await login({ account: 'ann' }), 40000, 400, 'password');
  });
});

describe('login rate limits (42900 with data.retryAfter; counters in the database)', () => {
  it('issue 4: 10 failed logins of one account in 15 minutes → 42900, even with the right password', async () => {
    await createDesigner(t.db, { account: 'target', password: PASSWORD, phone: '13700000010' });
    for (let i = 0; i < 10; i++) {
      expectFailure(await login({ account: 'target', password: 'wrong-pass' }, `10.60.0.${i}`), 20001, 401);
    }
    const refused = expectFailure(
      await login({ account: 'TARGET', password: PASSWORD }, '10.60.1.1'),
      42900,
      429,
    );
    expect((refused.data as { retryAfter: number }).retryAfter).toBeGreaterThan(800);
    // The window over, the right password logs in again.
    t.clock.advance(15 * MINUTE);
    dataOf(await login({ account: 'target', password: PASSWORD }, '10.60.1.2'));
  });

  it('issue 4: a successful login clears the account’s failures', async () => {
    await createDesigner(t.db, { account: 'forgetful', password: PASSWORD });
    for (let i = 0; i < 9; i++)
      expectFailure(await login({ account: 'forgetful', password: 'nope-nope' }, `10.61.0.${i}`), 20001, 401);
    dataOf(await login({ account: 'forgetful', password: PASSWORD }, '10.61.1.0'));
    for (let i = 0; i < 9; i++)
      expectFailure(await login({ account: 'forgetful', password: 'nope-nope' }, `10.61.2.${i}`), 20001, 401);
    dataOf(await login({ account: 'forgetful', password: PASSWORD }, '10.61.3.0'));
  });

  it('issue 4: wrong codes count per phone: 42900 after 10', async () => {
    await createDesigner(t.db, { account: 'guessed', password: PASSWORD, phone: '13700000011' });
    for (let i = 0; i < 10; i++) {
      expectFailure(
        await login({ phone: '13700000011', code: String(100000 + i) }, `10.62.0.${i}`),
        20002,
        422,
      );
    }
    expectFailure(await login({ phone: '13700000011', code: '999999' }, '10.62.1.0'), 42900, 429);
  });

  it('issue 4: 50 failed logins from one address in 15 minutes → 42900 for any account from it', async () => {
    const ip = ipFor('13700000050');
    for (let i = 0; i < 50; i++) {
      expectFailure(await login({ account: `nobody${i}`, password: 'wrong-pass' }, ip), 20001, 401);
    }
    expectFailure(await login({ account: 'ann', password: PASSWORD }, ip), 42900, 429);
    dataOf(await login({ account: 'ann', password: PASSWORD }, '10.63.0.1'));
  });
});
