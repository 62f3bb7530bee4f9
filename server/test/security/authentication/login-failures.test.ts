import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsApp,
  codeFor,
  createAccountsApp,
  dataOf,
  expectFailure,
  MINUTE,
  wrongCode,
} from '../../support/accounts-app.ts';
import { API, authHeader, createDesigner, envelopeOf, loginAs } from '../../support/test-app.ts';

/**
 * Issue 16 (LOW): login failures were counted per typed identifier, so 10 wrong by account name
 * plus 10 by phone (plus 10 by each spelling) gave 20+ tries on one account. Now one counter per
 * account, whatever was typed; an identifier that names no account is counted by itself.
 */
const PASSWORD = 'limits-pass-2026';
let t: AccountsApp;
beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t?.close());

/** Each try from its own address, so only the per-account counter can refuse. */
let address = 0;
const nextIp = () => `10.70.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
const passwordLogin = (account: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/login`,
    remoteAddress: nextIp(),
    payload: { account, password },
  });
const codeLogin = (phone: string, code: string) =>
  t.app.inject({ method: 'POST', url: `${API}/login`, remoteAddress: nextIp(), payload: { phone, code } });

describe('failed logins are limited per account, whatever identifier was typed', () => {
  it('10 wrong passwords by account name, then 1 wrong by phone → 42900', async () => {
    await createDesigner(t.db, { account: 'byname', password: PASSWORD, phone: '13600000001' });
    for (let i = 0; i < 10; i++) expectFailure(await passwordLogin('byname', 'wrong-pass'), 20001, 401);
    const refused = expectFailure(await passwordLogin('13600000001', 'wrong-pass'), 42900, 429);
    expect((refused.data as { retryAfter: number }).retryAfter).toBeGreaterThan(800);
    // The right password by phone is refused too until the window is over.
    expectFailure(await passwordLogin('13600000001', PASSWORD), 42900, 429);
    t.clock.advance(15 * MINUTE);
    dataOf(await passwordLogin('13600000001', PASSWORD));
  });

  it('alternating spellings (NAME, name, Name) and the phone share one counter of 10', async () => {
    await createDesigner(t.db, { account: 'Spelled', password: PASSWORD, phone: '13600000002' });
    const typed = ['spelled', 'SPELLED', 'Spelled', '13600000002', 'sPeLlEd'];
    for (let i = 0; i < 10; i++) {
      expectFailure(await passwordLogin(typed[i % typed.length]!, 'wrong-pass'), 20001, 401);
    }
    for (const identifier of typed) expectFailure(await passwordLogin(identifier, 'wrong-pass'), 42900, 429);
  });

  it('wrong phone codes and wrong passwords count together: 5 + 5, then the account name is refused', async () => {
    await createDesigner(t.db, { account: 'mixed', password: PASSWORD, phone: '13600000003' });
    const code = await codeFor(t.app, '13600000003', 'login', { ip: '10.71.0.1' });
    // Each wrong code adds a try to the code (locked at 5): a fresh code keeps the code path open.
    for (let i = 0; i < 4; i++) expectFailure(await codeLogin('13600000003', wrongCode(code)), 20002, 422);
    for (let i = 0; i < 5; i++) expectFailure(await passwordLogin('mixed', 'wrong-pass'), 20001, 401);
    expectFailure(await codeLogin('13600000003', wrongCode(code)), 20002, 422);
    expectFailure(await passwordLogin('MIXED', PASSWORD), 42900, 429);
    expectFailure(await codeLogin('13600000003', code), 42900, 429);
  });

  it('wrong current passwords on modifyPassword count against the same account', async () => {
    await createDesigner(t.db, { account: 'changer', password: PASSWORD, phone: '13600000004' });
    const token = await loginAs(t.app, 'changer', PASSWORD);
    for (let i = 0; i < 5; i++) expectFailure(await passwordLogin('13600000004', 'wrong-pass'), 20001, 401);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/yiDesigner/modifyPassword`,
        remoteAddress: nextIp(),
        headers: authHeader(token),
        payload: { oldPassword: 'not-it-at-all', password: 'Velvet-Rope-42' },
      });
      expectFailure(res, 20001, 401, 'oldPassword');
    }
    expectFailure(await passwordLogin('changer', PASSWORD), 42900, 429);
  });

  it('a successful login by phone clears the failures typed by name', async () => {
    await createDesigner(t.db, { account: 'cleared', password: PASSWORD, phone: '13600000005' });
    for (let i = 0; i < 9; i++) expectFailure(await passwordLogin('cleared', 'wrong-pass'), 20001, 401);
    dataOf(await passwordLogin('13600000005', PASSWORD));
    for (let i = 0; i < 9; i++) expectFailure(await passwordLogin('CLEARED', 'wrong-pass'), 20001, 401);
    dataOf(await passwordLogin('cleared', PASSWORD));
  });
});

describe('an identifier that names no account gains nothing', () => {
  it('is counted by itself: the 11th try on an unknown name answers 42900 exactly as a real account’s', async () => {
    await createDesigner(t.db, { account: 'realone', password: PASSWORD });
    const answers: Array<{ http: number; code: unknown; msg: unknown; retryAfter: unknown }> = [];
    for (const account of ['realone', 'ghost_account']) {
      for (let i = 0; i < 10; i++) expectFailure(await passwordLogin(account, 'wrong-pass'), 20001, 401);
      const res = await passwordLogin(account, 'wrong-pass');
      const body = envelopeOf(res);
      answers.push({
        http: res.statusCode,
        code: body.code,
        msg: body.msg,
        retryAfter: (body.data as { retryAfter: number }).retryAfter,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ http: 429, code: 42900 });
  });

  it('an unknown name that looks like another account’s counter key does not touch that account', async () => {
    const id = await createDesigner(t.db, { account: 'keyed', password: PASSWORD });
    for (let i = 0; i < 10; i++) expectFailure(await passwordLogin(`id:${id}`, 'wrong-pass'), 20001, 401);
    dataOf(await passwordLogin('keyed', PASSWORD));
  });
});

describe('parallel guesses', () => {
  it('30 wrong passwords sent at once on one account: at most 10 are checked, the rest 42900', async () => {
    await createDesigner(t.db, { account: 'swarmed', password: PASSWORD, phone: '13600000006' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        passwordLogin(i % 2 ? 'swarmed' : '13600000006', `wrong-pass-${i}`),
      ),
    );
    const codes = answers.map((res) => envelopeOf(res).code);
    expect(codes.filter((code) => code === 20001).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 42900).length).toBeGreaterThanOrEqual(20);
    expect(codes.every((code) => code === 20001 || code === 42900)).toBe(true);
  });
});
