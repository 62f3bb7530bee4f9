import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers, members } from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/modules/auth/passwords.ts';
import {
  type AccountsApp,
  codeFor,
  createAccountsApp,
  dataOf,
  expectFailure,
  SECOND,
  sendCode,
  wrongCode,
} from '../support/accounts-app.ts';
import { API, authHeader, createDesigner, envelopeOf, loginAs } from '../support/test-app.ts';

const PASSWORD = 'self-info-pass-1';
let t: AccountsApp;

beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t?.close());

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    headers: authHeader(token),
    ...(payload ? { payload } : {}),
  });
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeader(token) });

async function designer(id: number) {
  const [row] = await t.db.select().from(designers).where(eq(designers.id, id));
  return row!;
}

/** A designer with a session; `phone` optional. */
async function someone(account: string, phone?: string) {
  const id = await createDesigner(t.db, { account, password: PASSWORD, ...(phone ? { phone } : {}) });
  return { id, token: await loginAs(t.app, account, PASSWORD) };
}

describe('GET /designerapi/v1/account (个人信息)', () => {
  it('answers account, phone, description, status, newly_register and the WeChat binding of the session designer', async () => {
    const me = await someone('sia', '13400000001');
    await t.db
      .update(designers)
      .set({ description: 'Knitwear.', nickname: 'Sia' })
      .where(eq(designers.id, me.id));
    expect(dataOf(await get('/account', me.token))).toEqual({
      id: me.id,
      account: 'sia',
      nickname: 'Sia',
      pic: '',
      telephone: '13400000001',
      description: 'Knitwear.',
      status: 'active',
      newly_register: 0,
      wechat: { bound: false, boundAt: null },
    });
    expectFailure(await t.app.inject({ method: 'GET', url: `${API}/account` }), 20007, 401);
  });
});

describe('POST /designerapi/v1/yiDesigner/modifyPhone (§7: codes to the old and the new phone)', () => {
  it('§7 modifyPhone: with the code of the current phone and of the new one, the phone changes', async () => {
    const me = await someone('tom', '13400000010');
    const oldCode = await codeFor(t.app, '13400000010', 'change-phone-old', { token: me.token });
    const code = await codeFor(t.app, '13400000011', 'bind-phone', { token: me.token });
    const res = await post('/yiDesigner/modifyPhone', me.token, { phone: '13400000011', code, oldCode });
    expect(dataOf(res)).toMatchObject({ id: me.id, telephone: '13400000011' });
    expect(envelopeOf(res).msg).toBe('手机号已修改');
    expect((await designer(me.id)).phone).toBe('13400000011');
    // The new phone logs in; the old one no longer does.
    expect(await loginAs(t.app, '13400000011', PASSWORD)).toBeTruthy();
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        payload: { account: '13400000010', password: PASSWORD },
      }),
      20001,
      401,
    );
  });

  it('issue 4 20002: a wrong code to the old phone changes nothing (and the new phone’s code stays unspent)', async () => {
    const me = await someone('uma', '13400000020');
    const oldCode = await codeFor(t.app, '13400000020', 'change-phone-old', { token: me.token });
    const code = await codeFor(t.app, '13400000021', 'bind-phone', { token: me.token });
    const wrongOld = await post('/yiDesigner/modifyPhone', me.token, {
      phone: '13400000021',
      code,
      oldCode: wrongCode(oldCode),
    });
    expectFailure(wrongOld, 20002, 422, 'oldCode');
    const wrongNew = await post('/yiDesigner/modifyPhone', me.token, {
      phone: '13400000021',
      code: wrongCode(code),
      oldCode,
    });
    expectFailure(wrongNew, 20002, 422, 'code');
    expect((await designer(me.id)).phone).toBe('13400000020');
    dataOf(await post('/yiDesigner/modifyPhone', me.token, { phone: '13400000021', code, oldCode }));
    // Reused codes: 20002.
    t.clock.advance(61 * SECOND);
    expectFailure(
      await post('/yiDesigner/modifyPhone', me.token, { phone: '13400000022', code, oldCode }),
      20002,
      422,
    );
  });

  it('40000: the old phone’s code is required when the account has a phone; the same phone is refused', async () => {
    const me = await someone('vic', '13400000030');
    expectFailure(
      await post('/yiDesigner/modifyPhone', me.token, { phone: '13400000031', code: '123456' }),
      40000,
      400,
      'oldCode',
    );
    expectFailure(
      await post('/yiDesigner/modifyPhone', me.token, {
        phone: '13400000030',
        code: '123456',
        oldCode: '123456',
      }),
      40000,
      400,
      'phone',
    );
    expectFailure(
      await post('/yiDesigner/modifyPhone', me.token, { phone: 'abc', code: '123456' }),
      40000,
      400,
      'phone',
    );
  });

  it('binding a first phone needs only the new phone’s code', async () => {
    const me = await someone('wen');
    const code = await codeFor(t.app, '13400000040', 'bind-phone', { token: me.token });
    expect(
      dataOf(await post('/yiDesigner/modifyPhone', me.token, { phone: '13400000040', code })),
    ).toMatchObject({
      telephone: '13400000040',
    });
  });

  it('issue 4 20004: a phone another account holds (taken after the code was sent) changes nothing', async () => {
    const me = await someone('xia');
    const code = await codeFor(t.app, '13400000050', 'bind-phone', { token: me.token });
    await createDesigner(t.db, { account: 'yan', password: PASSWORD, phone: '13400000050' });
    expectFailure(
      await post('/yiDesigner/modifyPhone', me.token, { phone: '13400000050', code }),
      20004,
      409,
      'phone',
    );
    expect((await designer(me.id)).phone).toBeNull();
  });

  it('issue 4 20002: a code is the account’s own — another account cannot use it', async () => {
    const zoe = await someone('zoe');
    const amy = await someone('amy');
    const code = await codeFor(t.app, '13400000060', 'bind-phone', { token: zoe.token });
    expectFailure(
      await post('/yiDesigner/modifyPhone', amy.token, { phone: '13400000060', code }),
      20002,
      422,
      'code',
    );
    dataOf(await post('/yiDesigner/modifyPhone', zoe.token, { phone: '13400000060', code }));
  });
});

describe('passwords: change (yiDesigner/modifyPassword) and reset (password/reset)', () => {
  it('issue 4: changing the password ends the designer’s other sessions (20003), keeps this one', async () => {
    const me = await someone('bo', '13400000070');
    const other = await loginAs(t.app, 'bo', PASSWORD);
    const res = await post('/yiDesigner/modifyPassword', me.token, {
      oldPassword: PASSWORD,
      password: 'Velvet-Rope-42',
    });
    expect(dataOf(res)).toBeNull();
    expect(await verifyPassword('Velvet-Rope-42', (await designer(me.id)).passwordHash)).toBe(true);
    expectFailure(await get('/yiDesigner/modifyInfo', other), 20003, 401);
    dataOf(await get('/yiDesigner/modifyInfo', me.token));
    expect(await loginAs(t.app, 'bo', 'Velvet-Rope-42')).toBeTruthy();
  });

  it('20001 on oldPassword when the current password is wrong; nothing changes, no session ends', async () => {
    const me = await someone('cy');
    const other = await loginAs(t.app, 'cy', PASSWORD);
    expectFailure(
      await post('/yiDesigner/modifyPassword', me.token, {
        oldPassword: 'not-it-at-all',
        password: 'Velvet-Rope-42',
      }),
      20001,
      401,
      'oldPassword',
    );
    dataOf(await get('/yiDesigner/modifyInfo', other));
    expect(await verifyPassword(PASSWORD, (await designer(me.id)).passwordHash)).toBe(true);
  });

  it('issue 4 40000 on password: too short, the account name, common, or unchanged', async () => {
    const me = await someone('dee_tailor');
    const change = (password: string) =>
      post('/yiDesigner/modifyPassword', me.token, { oldPassword: PASSWORD, password });
    expectFailure(await change('short1'), 40000, 400, 'password');
    expectFailure(await change('DEE_TAILOR'), 40000, 400, 'password');
    expectFailure(await change('iloveyou123'), 40000, 400, 'password');
    expectFailure(await change(PASSWORD), 40000, 400, 'password');
  });

  it('issue 4: a forgotten password is reset by a reset-password code; every session ends', async () => {
    const me = await someone('eve', '13400000080');
    const code = await codeFor(t.app, '13400000080', 'reset-password');
    const reset = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}/password/reset`, payload });
    expectFailure(
      await reset({ phone: '13400000080', code: wrongCode(code), password: 'Brand-New-77' }),
      20002,
      422,
      'code',
    );
    dataOf(await get('/yiDesigner/modifyInfo', me.token));
    expectFailure(await reset({ phone: '13400000080', code, password: 'password1' }), 40000, 400, 'password');
    dataOf(await reset({ phone: '13400000080', code, password: 'Brand-New-77' }));
    expectFailure(await get('/yiDesigner/modifyInfo', me.token), 20003, 401);
    expect(await loginAs(t.app, 'eve', 'Brand-New-77')).toBeTruthy();
    expectFailure(await reset({ phone: '13400000080', code, password: 'Brand-New-78' }), 20002, 422, 'code');
  });
});

describe('POST /designerapi/v1/yiDesigner/modifyDesc (§7: updates the description)', () => {
  it('§7 modifyDesc: stores plain text — markup, control and direction-override characters removed', async () => {
    const me = await someone('fay');
    const res = await post('/yiDesigner/modifyDesc', me.token, {
      description: '  <b>手工</b>旗袍\r\n\r\n\r\n\r\n<script>alert(1)</script>定制\u202e\u0007 ',
    });
    expect(dataOf(res)).toEqual({ description: '手工旗袍\n\nalert(1)定制', newly_register: 0 });
    expect((await designer(me.id)).description).toBe('手工旗袍\n\nalert(1)定制');
  });

  it('40000 over 2000 characters (counted once cleaned); exactly 2000 is fine; form bodies work', async () => {
    const me = await someone('gil');
    expectFailure(
      await post('/yiDesigner/modifyDesc', me.token, { description: '布'.repeat(2001) }),
      40000,
      400,
      'description',
    );
    dataOf(await post('/yiDesigner/modifyDesc', me.token, { description: `<i>${'布'.repeat(2000)}</i>` }));
    expect((await designer(me.id)).description).toHaveLength(2000);
    const form = await t.app.inject({
      method: 'POST',
      url: `${API}/yiDesigner/modifyDesc`,
      headers: { ...authHeader(me.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'description=Hello',
    });
    expect(dataOf<{ description: string }>(form).description).toBe('Hello');
    expectFailure(
      await post('/yiDesigner/modifyDesc', me.token, { description: 42 }),
      40000,
      400,
      'description',
    );
    expectFailure(await post('/yiDesigner/modifyDesc', me.token, {}), 40000, 400, 'description');
  });
});

describe('members bound to this designer (GET /members, §7 POST yiDesigner/unbindMember)', () => {
  let me: { id: number; token: string };
  let other: { id: number; token: string };

  beforeAll(async () => {
    me = await someone('hana');
    other = await someone('ivo');
    const base = new Date('2026-01-01T00:00:00Z').getTime();
    await t.db.insert(members).values(
      Array.from({ length: 12 }, (_, i) => ({
        designerId: me.id,
        nickname: `会员${i + 1}`,
        phoneMasked: `138****${String(1000 + i)}`,
        boundAt: new Date(base + i * 86_400_000),
      })),
    );
    await t.db.insert(members).values({
      designerId: other.id,
      nickname: 'not yours',
      phoneMasked: '139****0000',
      boundAt: new Date(base),
    });
  });

  it('lists the designer’s own members, newest binding first, paged, phones masked', async () => {
    const page = dataOf<{
      dataList: { nickname: string; phone: string; boundAt: string }[];
      totalNumber: number;
      totalPages: number;
    }>(await get('/members?page=1&pageSize=5', me.token));
    expect(page.totalNumber).toBe(12);
    expect(page.totalPages).toBe(3);
    expect(page.dataList.map((m) => m.nickname)).toEqual(['会员12', '会员11', '会员10', '会员9', '会员8']);
    expect(page.dataList[0]).toMatchObject({ phone: '138****1011', boundAt: '2026-01-12 08:00:00' });
    const oldest = dataOf<{ dataList: { nickname: string }[] }>(
      await get('/members?order=asc&pageSize=1', me.token),
    );
    expect(oldest.dataList[0]!.nickname).toBe('会员1');
    expectFailure(await get('/members?pageSize=101', me.token), 40000, 400, 'pageSize');
  });

  it('§7 unbindMember: removes the member from the list; another designer’s member is 40400 and stays', async () => {
    const [first] = await t.db.select().from(members).where(eq(members.designerId, me.id)).limit(1);
    const res = await post('/yiDesigner/unbindMember', me.token, { member_id: first!.id });
    expect(dataOf(res)).toBeNull();
    expect(envelopeOf(res).msg).toBe('解绑成功');
    expect(dataOf<{ totalNumber: number }>(await get('/members', me.token)).totalNumber).toBe(11);
    expectFailure(await post('/yiDesigner/unbindMember', me.token, { member_id: first!.id }), 40400, 404);

    const [theirs] = await t.db.select().from(members).where(eq(members.designerId, other.id));
    expectFailure(await post('/yiDesigner/unbindMember', me.token, { member_id: theirs!.id }), 40400, 404);
    expect(await t.db.select().from(members).where(eq(members.id, theirs!.id))).toHaveLength(1);
    expectFailure(
      await post('/yiDesigner/unbindMember', me.token, { member_id: 'x' }),
      40000,
      400,
      'member_id',
    );
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: `${API}/yiDesigner/unbindMember`,
        payload: { member_id: 1 },
      }),
      20007,
      401,
    );
  });
});

describe('sendCode for the self-information forms', () => {
  it('change-phone-old and bind-phone answer the usual envelope with a session', async () => {
    const me = await someone('jo', '13400000090');
    dataOf(await sendCode(t.app, '13400000090', 'change-phone-old', { token: me.token }));
    dataOf(await sendCode(t.app, '13400000091', 'bind-phone', { token: me.token }));
  });
});
