import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  members,
  shopAddresses,
  tagClassifications,
  tags,
  wechatBindings,
} from '../../src/db/schema/index.ts';
import { type AccountsApp, codeFor, createAccountsApp, dataOf } from '../support/accounts-app.ts';
import { API, authHeader, createDesigner, loginAs } from '../support/test-app.ts';
import { actionsOf, auditPage, eventsOf } from './support.ts';

const PASSWORD = 'audit-pass-123';
const UA = 'Mozilla/5.0 (audit test)';
let t: AccountsApp;

beforeAll(async () => {
  t = await createAccountsApp();
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...authHeader(token), 'user-agent': UA },
    ...(payload ? { payload } : {}),
  });

async function someone(account: string, phone?: string) {
  const id = await createDesigner(t.db, { account, password: PASSWORD, ...(phone ? { phone } : {}) });
  return { id, token: await loginAs(t.app, account, PASSWORD) };
}

describe('issue 11 item 4: each audited action writes one event', () => {
  it('sign-in (with its session, address and user agent), failed sign-in, logout', async () => {
    const id = await createDesigner(t.db, { account: 'ana', password: PASSWORD });
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/login`,
        headers: { 'user-agent': UA },
        remoteAddress: '10.9.8.7',
        payload: { account: 'ana', password },
      });
    expect((await login('not-the-password')).statusCode).toBe(401);
    const token = (dataOf(await login(PASSWORD)) as { token: string }).token;
    dataOf(await call('POST', '/logout', token));
    const events = await eventsOf(t.db, id);
    expect(events.map((e) => e.action)).toEqual(['sign-in-failed', 'sign-in', 'logout']);
    const [, signIn, logout] = events;
    expect(signIn).toMatchObject({
      actor: 'designer',
      clientIp: '10.9.8.7',
      userAgent: UA,
      targetType: 'session',
    });
    expect(signIn!.actorSessionId).toBe(Number(signIn!.targetId));
    expect(logout!.actorSessionId).toBe(signIn!.actorSessionId);
  });

  it('a failed sign-in of an unknown account is kept without a designer', async () => {
    await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      payload: { account: 'nobody_here', password: 'x1234567' },
    });
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.designerId} is null and ${auditEvents.summary} like '%nobody_here%'`);
    expect(row?.action).toBe('sign-in-failed');
  });

  it('password change and password reset', async () => {
    const me = await someone('bea', '13500000011');
    dataOf(
      await call('POST', '/yiDesigner/modifyPassword', me.token, {
        oldPassword: PASSWORD,
        password: 'Velvet-Rope-42',
      }),
    );
    const code = await codeFor(t.app, '13500000011', 'reset-password');
    dataOf(
      await t.app.inject({
        method: 'POST',
        url: `${API}/password/reset`,
        payload: { phone: '13500000011', code, password: 'Brand-New-77' },
      }),
    );
    expect(await actionsOf(t.db, me.id)).toEqual(['sign-in', 'password-change', 'password-reset']);
  });

  it('phone change, WeChat unbinding and member unbinding', async () => {
    const me = await someone('cal');
    const code = await codeFor(t.app, '13500000021', 'bind-phone', { token: me.token });
    dataOf(await call('POST', '/yiDesigner/modifyPhone', me.token, { phone: '13500000021', code }));
    await t.db
      .insert(wechatBindings)
      .values({ designerId: me.id, provider: 'builtin', openid: 'audit-openid-cal', boundAt: new Date() });
    dataOf(await call('POST', '/yiDesigner/unbindWechat', me.token));
    const [member] = await t.db
      .insert(members)
      .values({ designerId: me.id, nickname: '小鹿', phoneMasked: '138****0001', boundAt: new Date() })
      .returning();
    dataOf(await call('POST', '/yiDesigner/unbindMember', me.token, { member_id: member!.id }));
    const events = await eventsOf(t.db, me.id);
    expect(events.map((e) => e.action)).toEqual([
      'sign-in',
      'phone-change',
      'wechat-unbind',
      'member-unbind',
    ]);
    expect(events[1]!.summary).toContain('135****0021');
    expect(events[3]).toMatchObject({ targetType: 'member', targetId: String(member!.id) });
  });

  it('deletions: an address, a tag, a tag classification', async () => {
    const me = await someone('dot');
    const now = new Date();
    const [address] = await t.db
      .insert(shopAddresses)
      .values({
        designerId: me.id,
        consignee: '王',
        phone: '13500000031',
        provinceCode: '110000',
        cityCode: '110100',
        districtCode: '110101',
        detail: '东城区 1 号',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [group] = await t.db
      .insert(tagClassifications)
      .values({ designerId: me.id, name: '风格', createdAt: now, updatedAt: now })
      .returning();
    const [tag] = await t.db
      .insert(tags)
      .values({
        designerId: me.id,
        classificationId: group!.id,
        name: '复古',
        color: '#593BFF',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    dataOf(await call('DELETE', `/shop-addresses/${address!.id}`, me.token));
    dataOf(await call('DELETE', `/tags/${tag!.id}`, me.token));
    dataOf(await call('DELETE', `/tag-classifications/${group!.id}`, me.token));
    const events = (await eventsOf(t.db, me.id)).slice(1);
    expect(events.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ['delete', 'address', String(address!.id)],
      ['delete', 'tag', String(tag!.id)],
      ['delete', 'tag-classification', String(group!.id)],
    ]);
    expect(events[1]!.summary).toBe('Deleted tag "复古"');
  });

  it('a refused action writes no event (the event shares the change’s transaction)', async () => {
    const me = await someone('eli');
    const res = await call('DELETE', '/shop-addresses/999999', me.token);
    expect(res.statusCode).toBe(404);
    const wrong = await call('POST', '/yiDesigner/modifyPassword', me.token, {
      oldPassword: 'wrong-one-1',
      password: 'Velvet-Rope-42',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await actionsOf(t.db, me.id)).toEqual(['sign-in']);
  });
});

describe('issue 11 item 4: append-only', () => {
  it('the trigger refuses UPDATE, DELETE and TRUNCATE of audit_events, whoever runs them', async () => {
    const me = await someone('fay');
    const [row] = await eventsOf(t.db, me.id);
    await expect(
      t.db.update(auditEvents).set({ summary: 'rewritten' }).where(eq(auditEvents.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditEvents).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [kept] = await eventsOf(t.db, me.id);
    expect(kept).toEqual(row);
  });

  it('the API has no way to change or remove an event', async () => {
    const me = await someone('gus');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `${API}/audit-events`, headers: authHeader(me.token) });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /designerapi/v1/audit-events', () => {
  it('tenancy: a designer sees only their own events; newest first, paged', async () => {
    const a = await someone('hal');
    const b = await someone('ivy');
    await loginAs(t.app, 'hal', PASSWORD);
    await loginAs(t.app, 'hal', PASSWORD);
    const page = await auditPage(t.app, a.token, '?pageSize=2');
    expect(page.code).toBe(200);
    expect(page.data.totalNumber).toBe(3);
    expect(page.data.totalPages).toBe(2);
    expect(page.data.dataList.map((e) => e.action)).toEqual(['sign-in', 'sign-in']);
    expect(page.data.dataList[0]!.id).toBeGreaterThan(page.data.dataList[1]!.id);
    const theirs = await auditPage(t.app, b.token, '?pageSize=100');
    expect(theirs.data.totalNumber).toBe(1);
    const ids = new Set((await eventsOf(t.db, a.id)).map((e) => e.id));
    expect(theirs.data.dataList.some((e) => ids.has(e.id))).toBe(false);
  });

  it('filters by action and by business days; 40000 names a bad filter', async () => {
    const me = await someone('jo');
    await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      payload: { account: 'jo', password: 'wrong-pass-1' },
    });
    const failed = await auditPage(t.app, me.token, '?action=sign-in-failed');
    expect(failed.data.dataList.map((e) => e.action)).toEqual(['sign-in-failed']);
    const today = failed.data.dataList[0]!.occurredAt.slice(0, 10);
    expect((await auditPage(t.app, me.token, `?from=${today}&to=${today}`)).data.totalNumber).toBe(2);
    expect((await auditPage(t.app, me.token, '?to=2000-01-01')).data.totalNumber).toBe(0);
    const bad = await auditPage(t.app, me.token, '?action=hack');
    expect(bad.code).toBe(40000);
    expect(bad.data.errors?.[0]?.path).toBe('action');
    const backwards = await auditPage(t.app, me.token, '?from=2025-02-02&to=2025-02-01');
    expect(backwards.data.errors?.[0]?.path).toBe('to');
  });

  it('20007 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/audit-events` });
    expect(res.json().code).toBe(20007);
  });
});
