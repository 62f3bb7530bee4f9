import type { SmsPurpose } from '@dc/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../../../src/db/schema/index.ts';
import {
  type AccountsApp,
  createAccountsApp,
  dataOf,
  expectFailure,
  outbox,
  SECOND,
  sendCode,
} from '../../support/accounts-app.ts';
import { API, createDesigner, loginAs } from '../../support/test-app.ts';

/**
 * Issue 16 (LOW): `sendCode` told whether a phone is registered (40000 "no account has this
 * phone" for login, 20004 for register). Now the caller gets the same answer either way; the
 * difference is said to the phone itself, in the text message.
 */
const PASSWORD = 'send-code-pass-2026';
const REGISTERED = '13500000001';
const UNREGISTERED = '13500000002';
let t: AccountsApp;
let token: string;
beforeAll(async () => {
  t = await createAccountsApp();
  await createDesigner(t.db, { account: 'holder', password: PASSWORD, phone: REGISTERED });
  await createDesigner(t.db, { account: 'asker', password: PASSWORD, phone: '13500000009' });
  token = await loginAs(t.app, 'asker', PASSWORD);
});
afterAll(() => t?.close());

let address = 0;
const nextIp = () => `10.80.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
const send = (phone: string, purpose: SmsPurpose, withSession = false) =>
  sendCode(t.app, phone, purpose, { ip: nextIp(), ...(withSession ? { token } : {}) });

/** What an outsider can compare: status, every header but the clock's, the whole body. */
function observable(res: LightMyRequestResponse) {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

const unusedCodes = (phone: string, purpose: SmsPurpose) =>
  t.db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));

const PURPOSES: Array<{ purpose: SmsPurpose; session: boolean; codeTo: string; noticeTo: string }> = [
  { purpose: 'login', session: false, codeTo: REGISTERED, noticeTo: UNREGISTERED },
  { purpose: 'reset-password', session: false, codeTo: REGISTERED, noticeTo: UNREGISTERED },
  { purpose: 'register', session: false, codeTo: UNREGISTERED, noticeTo: REGISTERED },
  { purpose: 'bind-phone', session: true, codeTo: UNREGISTERED, noticeTo: REGISTERED },
];

describe('sendCode answers the same for registered and unregistered phones', () => {
  for (const { purpose, session, codeTo, noticeTo } of PURPOSES) {
    it(`${purpose}: registered and unregistered phones get identical answers; only the text message differs`, async () => {
      t.clock.advance(61 * SECOND);
      const toRegistered = await send(REGISTERED, purpose, session);
      const toUnregistered = await send(UNREGISTERED, purpose, session);
      expect(observable(toRegistered)).toEqual(observable(toUnregistered));
      dataOf(toRegistered);

      const [code] = await outbox(t.app, codeTo);
      const [notice] = await outbox(t.app, noticeTo);
      expect(code).toMatchObject({ purpose });
      expect(notice).toMatchObject({ purpose });
      expect(code!.text).toMatch(/\b\d{6}\b/);
      // The notice carries no code, and no usable code was stored for it.
      expect(notice!.text).not.toMatch(/\d{6}/);
      expect(await unusedCodes(noticeTo, purpose)).toHaveLength(0);
      expect(await unusedCodes(codeTo, purpose)).toHaveLength(1);
    });
  }

  it('the notices say why: no account for login and reset; an account already for register; bound for bind-phone', async () => {
    const texts = (await outbox(t.app)).map((item) => `${item.phone} ${item.purpose} ${item.text}`);
    expect(texts).toContainEqual(
      expect.stringMatching(/^13500000002 login .*没有设计师账号.*请先用本手机号注册/),
    );
    expect(texts).toContainEqual(expect.stringMatching(/^13500000002 reset-password .*没有设计师账号/));
    expect(texts).toContainEqual(
      expect.stringMatching(/^13500000001 register .*已有设计师账号.*请直接登录.*忘记密码/),
    );
    expect(texts).toContainEqual(expect.stringMatching(/^13500000001 bind-phone .*已绑定账号/));
  });

  it('the limits apply equally: a second request within 60 s is 42900 for both, with the same answer', async () => {
    t.clock.advance(61 * SECOND);
    dataOf(await send(REGISTERED, 'login'));
    dataOf(await send(UNREGISTERED, 'login'));
    const again = [await send(REGISTERED, 'login'), await send(UNREGISTERED, 'login')];
    for (const res of again) expectFailure(res, 42900, 429);
    expect(observable(again[0]!)).toEqual(observable(again[1]!));
  });

  it('a login or reset code never reaches a phone without an account, so it cannot log in or reset', async () => {
    t.clock.advance(61 * SECOND);
    dataOf(await send(UNREGISTERED, 'login'));
    for (const code of ['000000', '123456']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        remoteAddress: nextIp(),
        payload: { phone: UNREGISTERED, code },
      });
      expectFailure(res, 20002, 422);
    }
  });

  it('timing: a code and a notice take comparable time (same limits, writes and sender)', async () => {
    const took: Record<'registered' | 'unregistered', number[]> = { registered: [], unregistered: [] };
    t.clock.advance(86_400 * SECOND);
    for (let round = 0; round < 16; round++) {
      t.clock.advance(61 * SECOND);
      // Alternate which goes first, so drift of the machine does not favour one side.
      const order =
        round % 2 ? (['unregistered', 'registered'] as const) : (['registered', 'unregistered'] as const);
      for (const who of order) {
        const started = performance.now();
        dataOf(await send(who === 'registered' ? REGISTERED : UNREGISTERED, 'reset-password'));
        took[who].push(performance.now() - started);
      }
      // Day limit: 10 per phone; start a new day for the next rounds.
      if (round % 4 === 3) t.clock.advance(86_400 * SECOND);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(took.registered) / median(took.unregistered);
    console.info(
      `sendCode reset-password median: registered ${median(took.registered).toFixed(1)} ms, unregistered ${median(took.unregistered).toFixed(1)} ms`,
    );
    // Generous bounds (the machine is shared): they catch a refusal that skips the writes and the
    // sender, not a few milliseconds.
    expect(ratio).toBeGreaterThan(1 / 4);
    expect(ratio).toBeLessThan(4);
  });
});

describe('what the session’s own account decides is still said', () => {
  it('bind-phone to the account’s own phone and change-phone-old to another phone answer 40000 on phone', async () => {
    t.clock.advance(61 * SECOND);
    token = await loginAs(t.app, 'asker', PASSWORD);
    expectFailure(await send('13500000009', 'bind-phone', true), 40000, 400, 'phone');
    expectFailure(await send(REGISTERED, 'change-phone-old', true), 40000, 400, 'phone');
  });
});
