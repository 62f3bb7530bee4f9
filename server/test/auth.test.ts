import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers, sessions } from '../src/db/schema/index.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  multipartBody,
  queryRows,
  rowCounts,
  type TestApp,
} from './support/test-app.ts';

const PASSWORD = 'correct-horse-9';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;
let aliceId: number;

beforeAll(async () => {
  t = await createTestApp();
  aliceId = await createDesigner(t.db, { account: 'Alice', password: PASSWORD, phone: '13900000001' });
  await createDesigner(t.db, { account: 'fresh', password: PASSWORD, newlyRegister: true });
  await createDesigner(t.db, { account: 'frozen', password: PASSWORD, status: 'frozen' });
  await createDesigner(t.db, { account: 'pending', password: PASSWORD, status: 'pending_review' });
  await createDesigner(t.db, { account: 'gone', password: PASSWORD, deleted: true });
});
afterAll(() => t?.close());

const login = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/login`, payload });
const ownInfo = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API}/yiDesigner/modifyInfo`, headers });

async function sessionOf(token: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row;
}

describe('login bodies (§7: POST designerapi/v1/login takes a form-data body)', () => {
  it('§7 login: form-data body answers data.token and data.newly_register', async () => {
    const form = await multipartBody({ account: 'Alice', password: PASSWORD });
    const res = await t.app.inject({ method: 'POST', url: `${API}/login`, ...form });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body).toMatchObject({ code: 200, status: 0, data: { newly_register: 0 } });
    const { token } = body.data as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(await sessionOf(token)).toMatchObject({ designerId: aliceId });
  });

  it('§7 login: urlencoded body is accepted too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'Alice', password: PASSWORD, remember: '1' }).toString(),
    });
    expect(envelopeOf(res)).toMatchObject({ code: 200, status: 0 });
    const { token } = envelopeOf(res).data as { token: string };
    expect((await sessionOf(token))?.persistent).toBe(true);
  });

  it('§7 login: JSON body is accepted too', async () => {
    const res = await login({ account: 'Alice', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(200);
  });

  it('§3 newly_register is 1 for a newly registered designer', async () => {
    const res = await login({ account: 'fresh', password: PASSWORD });
    expect(envelopeOf(res).data).toMatchObject({ newly_register: 1 });
  });

  it('DESIGN accounts: the account name matches in any case, and a phone logs in as well', async () => {
    for (const account of ['alice', 'ALICE', ' aLiCe ', '13900000001']) {
      const token = await loginAs(t.app, account, PASSWORD);
      expect((await sessionOf(token))?.designerId).toBe(aliceId);
    }
  });
});

describe('sessions (DESIGN: tokens are 32 random bytes, stored hashed)', () => {
  it('remember=true creates a persistent session of 30 days; only the SHA-256 of the token is stored', async () => {
    const before = Date.now();
    const token = await loginAs(t.app, 'Alice', PASSWORD, true);
    const row = await sessionOf(token);
    expect(row?.persistent).toBe(true);
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThan(30 * DAY_MS + 60_000);

    const stored = JSON.stringify(await queryRows(t.db, sql`select * from sessions where id = ${row!.id}`));
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    expect(stored).not.toContain(token);
  });

  it('remember=false creates a temporary session of 12 hours', async () => {
    const before = Date.now();
    const token = await loginAs(t.app, 'Alice', PASSWORD, false);
    const row = await sessionOf(token);
    expect(row?.persistent).toBe(false);
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(12 * HOUR_MS - 60_000);
    expect(lifetime).toBeLessThan(12 * HOUR_MS + 60_000);
  });

  it('each login is a new token and a new session', async () => {
    const a = await loginAs(t.app, 'Alice', PASSWORD);
    const b = await loginAs(t.app, 'Alice', PASSWORD);
    expect(a).not.toBe(b);
    expect((await sessionOf(a))?.id).not.toBe((await sessionOf(b))?.id);
  });
});

describe('login failures (error catalogue)', () => {
  it('20001: wrong password answers HTTP 401 and creates no session', async () => {
    const before = await rowCounts(t.db);
    const res = await login({ account: 'Alice', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ code: 20001, status: 1, msg: '账号或密码错误', data: null });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('20001: an unknown account answers exactly like a wrong password', async () => {
    const wrong = await login({ account: 'Alice', password: 'wrong-password' });
    const unknown = await login({ account: 'nobody-here', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(envelopeOf(unknown)).toEqual(envelopeOf(wrong));
  });

  it('20001: a soft-deleted account cannot log in, even with its password', async () => {
    const res = await login({ account: 'gone', password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).code).toBe(20001);
  });

  it('20001: an unknown account costs comparable time to a wrong password (no account probing)', async () => {
    const timed = async (account: string) => {
      const start = performance.now();
      const res = await login({ account, password: 'wrong-password' });
      expect(envelopeOf(res).code).toBe(20001);
      return performance.now() - start;
    };
    await timed('nobody-warmup'); // the decoy hash is computed once, lazily
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await timed('Alice'));
      unknown.push(await timed(`nobody-${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    expect(median(unknown)).toBeGreaterThanOrEqual(0.4 * median(wrong));
  });

  it('20012: a frozen or pending_review account with the right password answers HTTP 403', async () => {
    for (const account of ['frozen', 'pending']) {
      const res = await login({ account, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(envelopeOf(res)).toMatchObject({ code: 20012, status: 1 });
    }
  });

  it('20001, not 20012: a non-active account with a wrong password does not reveal its status', async () => {
    const res = await login({ account: 'frozen', password: 'wrong-password' });
    expect(envelopeOf(res).code).toBe(20001);
  });
});

describe('guarded calls (§8 session codes)', () => {
  it('a valid token reaches the guarded call', async () => {
    const token = await loginAs(t.app, 'Alice', PASSWORD);
    const res = await ownInfo(authHeader(token));
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toMatchObject({ code: 200, data: { id: aliceId } });
  });

  it('§8 20003: after logout the same token answers 20003', async () => {
    const token = await loginAs(t.app, 'Alice', PASSWORD);
    const out = await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: authHeader(token) });
    expect(envelopeOf(out)).toMatchObject({ code: 200, status: 0, data: null });
    expect((await sessionOf(token))?.endReason).toBe('logout');

    const res = await ownInfo(authHeader(token));
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).code).toBe(20003);
    // Logging out again with the ended token is refused the same way.
    const again = await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: authHeader(token) });
    expect(envelopeOf(again).code).toBe(20003);
  });

  it('§8 20007: no token', async () => {
    const res = await ownInfo();
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ code: 20007, msg: '您还未登录，请先登录' });
    const blank = await ownInfo({ authtoken: '   ' });
    expect(envelopeOf(blank).code).toBe(20007);
  });

  it('§8 20006: a garbage token', async () => {
    const res = await ownInfo(authHeader('not-a-token-at-all'));
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ code: 20006, msg: '登录失效，请重新登录' });
  });

  it('§8 20006: an expired session', async () => {
    const token = await loginAs(t.app, 'Alice', PASSWORD, true);
    const row = await sessionOf(token);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    const res = await ownInfo(authHeader(token));
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).code).toBe(20006);
  });

  it('§8 20005: the session of a soft-deleted account', async () => {
    const id = await createDesigner(t.db, { account: 'leaving', password: PASSWORD });
    const token = await loginAs(t.app, 'leaving', PASSWORD);
    await t.db.update(designers).set({ deletedAt: new Date() }).where(eq(designers.id, id));
    const res = await ownInfo(authHeader(token));
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ code: 20005, msg: '设计师账号不存在，请重新登录' });
  });

  it('§8 20012: an existing session of an account that is no longer active', async () => {
    const id = await createDesigner(t.db, { account: 'to-freeze', password: PASSWORD });
    const token = await loginAs(t.app, 'to-freeze', PASSWORD);
    expect((await ownInfo(authHeader(token))).statusCode).toBe(200);
    await t.db.update(designers).set({ status: 'frozen' }).where(eq(designers.id, id));
    const res = await ownInfo(authHeader(token));
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).code).toBe(20012);
  });
});
