import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers } from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/modules/auth/passwords.ts';
import {
  type AccountsApp,
  codeFor,
  createAccountsApp,
  dataOf,
  expectFailure,
  wrongCode,
} from '../support/accounts-app.ts';
import { API, authHeader, createDesigner, loginAs, multipartBody, rowCounts } from '../support/test-app.ts';

let t: AccountsApp;

beforeAll(async () => {
  t = await createAccountsApp();
  await createDesigner(t.db, { account: 'Taken_Name', password: 'whatever-pass', phone: '13600000099' });
});
afterAll(() => t?.close());

const GOOD_PASSWORD = 'Silk-and-Linen-7';
const register = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/register`, payload });
const menuOf = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${API}/menu`, headers: authHeader(token) });
  return dataOf<{ list: { path: string; children?: { path: string }[] }[] }>(res).list;
};

async function designerByPhone(phone: string) {
  const [row] = await t.db.select().from(designers).where(eq(designers.phone, phone));
  return row;
}

describe('POST /designerapi/v1/register (issue 4, item 3)', () => {
  let token: string;

  it('§3 registration answers {token, newly_register: 1} and the generated account name', async () => {
    const code = await codeFor(t.app, '13600000001', 'register');
    const answer = dataOf<{ token: string; newly_register: number; account: string }>(
      await register({
        phone: '13600000001',
        code,
        password: GOOD_PASSWORD,
        nickname: ' 新裁缝 ',
        agree: true,
      }),
    );
    expect(answer.newly_register).toBe(1);
    expect(answer.account).toMatch(/^dc_[a-z2-9]{8}$/);
    token = answer.token;
    const row = await designerByPhone('13600000001');
    expect(row).toMatchObject({
      account: answer.account,
      nickname: '新裁缝',
      newlyRegister: true,
      status: 'active',
      description: '',
    });
    expect(await verifyPassword(GOOD_PASSWORD, row!.passwordHash)).toBe(true);
    // It logs in with the generated name or the phone, and the password.
    expect(await loginAs(t.app, answer.account, GOOD_PASSWORD)).toBeTruthy();
    expect(await loginAs(t.app, '13600000001', GOOD_PASSWORD)).toBeTruthy();
  });

  it('§2 a newly registered designer sees only 基本信息 › 设计师资料', async () => {
    const list = await menuOf(token);
    expect(list.map((r) => r.path)).toEqual(['/basic-information']);
    expect(list[0]!.children!.map((c) => c.path)).toEqual(['designer-information']);
  });

  it('§2 completing the designer information (description) shows the full menu, same session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/yiDesigner/modifyDesc`,
      headers: authHeader(token),
      payload: { description: '专注汉服与旗袍改良。' },
    });
    expect(dataOf(res)).toEqual({ description: '专注汉服与旗袍改良。', newly_register: 0 });
    const list = await menuOf(token);
    expect(list.length).toBeGreaterThan(5);
    expect(list.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/basic-information', '/course', '/my-vault']),
    );
    expect((await designerByPhone('13600000001'))!.newlyRegister).toBe(false);
    // And the next login says newly_register 0.
    const again = await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      payload: { account: '13600000001', password: GOOD_PASSWORD },
    });
    expect(dataOf<{ newly_register: number }>(again).newly_register).toBe(0);
  });

  it('a chosen account name is kept; a form-data body with agree=1 works', async () => {
    const code = await codeFor(t.app, '13600000002', 'register');
    const form = await multipartBody({
      phone: '13600000002',
      code,
      password: GOOD_PASSWORD,
      nickname: 'Mei',
      account: 'mei_tailor',
      agree: '1',
      remember: '1',
    });
    const res = await t.app.inject({ method: 'POST', url: `${API}/register`, ...form });
    expect(dataOf<{ account: string }>(res).account).toBe('mei_tailor');
  });

  it('issue 4 20004: an account name taken in any case, and nothing is created or spent', async () => {
    const code = await codeFor(t.app, '13600000003', 'register');
    const before = await rowCounts(t.db);
    const payload = { phone: '13600000003', code, password: GOOD_PASSWORD, nickname: 'Dup', agree: true };
    expectFailure(await register({ ...payload, account: 'taken_name' }), 20004, 409, 'account');
    expect(await rowCounts(t.db)).toEqual(before);
    // The code was not spent: the same code registers with a free name.
    dataOf(await register({ ...payload, account: 'free_name' }));
  });

  it('issue 4 20002: a wrong code, then a reused one; nothing created', async () => {
    const code = await codeFor(t.app, '13600000004', 'register');
    const payload = { phone: '13600000004', password: GOOD_PASSWORD, nickname: 'Neo', agree: true };
    const before = await rowCounts(t.db);
    expectFailure(await register({ ...payload, code: wrongCode(code) }), 20002, 422, 'code');
    expect(await rowCounts(t.db)).toEqual(before);
    dataOf(await register({ ...payload, code }));
    expectFailure(await register({ ...payload, code, account: 'neo_second' }), 20002, 422, 'code');
  });

  it('issue 4 20004: a phone registered meanwhile (code sent before the phone was taken)', async () => {
    const code = await codeFor(t.app, '13600000005', 'register');
    await createDesigner(t.db, { account: 'sneaky', password: 'whatever-pass', phone: '13600000005' });
    expectFailure(
      await register({ phone: '13600000005', code, password: GOOD_PASSWORD, nickname: 'Late', agree: true }),
      20004,
      409,
      'phone',
    );
  });
});

describe('registration rules (40000 on the field, nothing created)', () => {
  const base = { phone: '13600000010', code: '123456', nickname: 'Rule', agree: true };

  it('issue 4: the password has at least 8 characters', async () => {
    expectFailure(await register({ ...base, password: 'Ab3$xyz' }), 40000, 400, 'password');
  });

  it('issue 4: the password is not the account name (any case)', async () => {
    expectFailure(
      await register({ ...base, account: 'Rule_Maker', password: 'rule_maker' }),
      40000,
      400,
      'password',
    );
  });

  it('issue 4: the password is not in the shipped list of common passwords (server-side, any case)', async () => {
    const code = await codeFor(t.app, '13600000010', 'register');
    for (const password of ['password123', 'QWERTY123', 'woaini1314', '12345678']) {
      const body = expectFailure(await register({ ...base, code, password }), 40000, 400, 'password');
      expect(body.msg).toMatch(/过于常见/);
    }
    // The code was not spent or tried by those: it still registers.
    dataOf(await register({ ...base, code, password: GOOD_PASSWORD }));
  });

  it('issue 4: the terms must be accepted', async () => {
    expectFailure(
      await register({ ...base, phone: '13600000011', password: GOOD_PASSWORD, agree: false }),
      40000,
      400,
      'agree',
    );
    const { agree: _omitted, ...withoutAgree } = base;
    expectFailure(await register({ ...withoutAgree, password: GOOD_PASSWORD }), 40000, 400, 'agree');
  });

  it('40000 naming each field: phone, code, nickname, account name format, unknown fields', async () => {
    const good = { ...base, phone: '13600000012', password: GOOD_PASSWORD };
    expectFailure(await register({ ...good, phone: '1360000' }), 40000, 400, 'phone');
    expectFailure(await register({ ...good, code: 'abcdef' }), 40000, 400, 'code');
    expectFailure(await register({ ...good, nickname: '   ' }), 40000, 400, 'nickname');
    expectFailure(await register({ ...good, account: '9lives' }), 40000, 400, 'account');
    expectFailure(await register({ ...good, account: 'a b' }), 40000, 400, 'account');
    expectFailure(await register({ ...good, newly_register: 0 }), 40000, 400, 'newly_register');
  });
});

describe('the completion rule (completeDesignerInformation)', () => {
  it('modifyInfo alone does not complete it while the description is empty; then it does', async () => {
    const id = await createDesigner(t.db, {
      account: 'halfway',
      password: 'halfway-pass-1',
      newlyRegister: true,
    });
    const token = await loginAs(t.app, 'halfway', 'halfway-pass-1');
    const info = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/yiDesigner/modifyInfo`,
        headers: authHeader(token),
        payload,
      });
    dataOf(await info({ nickname: 'Halfway' }));
    expect((await menuOf(token)).map((r) => r.path)).toEqual(['/basic-information']);
    // A description that is only markup is empty once cleaned: still not complete.
    const blank = await t.app.inject({
      method: 'POST',
      url: `${API}/yiDesigner/modifyDesc`,
      headers: authHeader(token),
      payload: { description: '<p> </p>' },
    });
    expect(dataOf(blank)).toEqual({ description: '', newly_register: 1 });
    await t.db.execute(sql`update designers set description = 'Bespoke suits.' where id = ${id}`);
    dataOf(await info({ nickname: 'Halfway Tailor' }));
    expect((await menuOf(token)).length).toBeGreaterThan(5);
  });
});
