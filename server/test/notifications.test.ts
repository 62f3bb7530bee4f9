import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresHandle } from '../src/db/client.ts';
import { notifications } from '../src/db/schema/index.ts';
import { createNotification } from '../src/modules/notifications/service.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/index.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  queryRows,
  type TestApp,
  testDatabaseKind,
} from './support/test-app.ts';

const PASSWORD = 'notify-pass-1';
const NOTIFICATIONS = `${API}/notifications`;
const MINUTE_MS = 60_000;
/** 2026-03-02 00:05:30 in Asia/Shanghai; fixture row k arrived k hours before it. */
const BASE = new Date('2026-03-01T16:05:30Z');

type Item = {
  id: number;
  content: string;
  type: 'contract' | 'invoice' | 'meeting';
  status: boolean;
  collected: boolean;
  date: string;
  quality: 'high' | 'middle' | 'low';
};
type Page = { dataList: Item[]; totalNumber: number; totalPages: number };

let t: TestApp;
let ann: { id: number; token: string };
let bob: { id: number; token: string };
/** ann's fixture rows, newest first (index k arrived k hours before BASE). */
const annIds: number[] = [];
let bobIds: number[] = [];

const TYPES = ['contract', 'invoice', 'meeting'] as const;
const QUALITIES = ['high', 'middle', 'low'] as const;
/** 15 rows for ann: types cycle, every third unread (5), every fifth collected (3). */
const fixture = (k: number) => ({
  content: `消息 ${k}：{user_content} <b>保持原样</b>`,
  type: TYPES[k % 3]!,
  quality: QUALITIES[k % 3]!,
  unread: k % 3 === 0,
  collected: k % 5 === 0,
  createdAt: new Date(BASE.getTime() - k * 60 * MINUTE_MS),
});

beforeAll(async () => {
  t = await createTestApp();
  const annId = await createDesigner(t.db, { account: 'ann', password: PASSWORD, nickname: '安' });
  const bobId = await createDesigner(t.db, { account: 'bob', password: PASSWORD, nickname: 'Bob' });
  ann = { id: annId, token: await loginAs(t.app, 'ann', PASSWORD) };
  bob = { id: bobId, token: await loginAs(t.app, 'bob', PASSWORD) };
  for (let k = 0; k < 15; k++) {
    const [row] = await t.db
      .insert(notifications)
      .values({ designerId: annId, ...fixture(k) })
      .returning({ id: notifications.id });
    annIds.push(row!.id);
  }
  bobIds = (
    await t.db
      .insert(notifications)
      .values([
        { designerId: bobId, content: 'Bob 的合同', type: 'contract', quality: 'low', createdAt: BASE },
        { designerId: bobId, content: 'Bob 的发票', type: 'invoice', quality: 'high', createdAt: BASE },
      ])
      .returning({ id: notifications.id })
  ).map((r) => r.id);
});
afterAll(() => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: authHeader(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: authHeader(token), ...(payload ? { payload } : {}) });
const del = (url: string, token: string) =>
  t.app.inject({ method: 'DELETE', url, headers: authHeader(token) });

async function list(query: string, token = ann.token): Promise<Page> {
  const res = await get(`${NOTIFICATIONS}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf(res).data as Page;
}
async function unread(token = ann.token): Promise<number> {
  const res = await get(`${NOTIFICATIONS}/unread-count`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (envelopeOf(res).data as { unread: number }).unread;
}
async function storedRow(id: number) {
  const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}
function expectCode(res: LightMyRequestResponse, code: number, httpStatus: number) {
  expect(res.statusCode, res.body).toBe(httpStatus);
  expect(envelopeOf(res)).toMatchObject({ code, status: 1 });
}
function expectValidation(res: LightMyRequestResponse, path: string) {
  expectCode(res, 40000, 400);
  const errors = (envelopeOf(res).data as { errors: { path: string }[] }).errors;
  expect(errors.map((e) => e.path)).toContain(path);
}

describe('GET /designerapi/v1/notifications (§3 notification message, list answer)', () => {
  it('§3 list answer {dataList,totalNumber,totalPages}; page 1 of 10 by default, newest first', async () => {
    const page = await list('');
    expect(page.totalNumber).toBe(15);
    expect(page.totalPages).toBe(2);
    expect(page.dataList.map((i) => i.id)).toEqual(annIds.slice(0, 10));
  });

  it('§3 item fields: id, content, type, status, collected, date (YYYY-MM-DD HH:mm, Asia/Shanghai), quality', async () => {
    const [first] = (await list('?pageSize=1')).dataList;
    expect(first).toEqual({
      id: annIds[0],
      content: '消息 0：{user_content} <b>保持原样</b>',
      type: 'contract',
      status: true,
      collected: true,
      date: '2026-03-02 00:05',
      quality: 'high',
    });
  });

  it('§3 notification: status true means unread — status=unread / read / all filter on it', async () => {
    const unreadPage = await list('?status=unread');
    expect(unreadPage.totalNumber).toBe(5);
    expect(unreadPage.dataList.every((i) => i.status === true)).toBe(true);
    const readPage = await list('?status=read&pageSize=100');
    expect(readPage.totalNumber).toBe(10);
    expect(readPage.dataList.every((i) => i.status === false)).toBe(true);
    expect((await list('?status=all')).totalNumber).toBe(15);
  });

  it('§3 type filter: contract news, invoice news, meeting notice', async () => {
    for (const type of TYPES) {
      const page = await list(`?type=${type}&pageSize=100`);
      expect(page.totalNumber).toBe(5);
      expect(page.dataList.every((i) => i.type === type)).toBe(true);
    }
  });

  it('§3 collected filter, and filters combine', async () => {
    const collected = await list('?collected=true');
    expect(collected.dataList.map((i) => i.id)).toEqual([annIds[0], annIds[5], annIds[10]]);
    expect((await list('?collected=false')).totalNumber).toBe(12);
    const combined = await list('?collected=true&status=unread&type=contract');
    expect(combined.dataList.map((i) => i.id)).toEqual([annIds[0]]);
  });

  it('DESIGN paging: page/pageSize, totals on every page, an empty page past the end, order=asc', async () => {
    const second = await list('?page=2&pageSize=4');
    expect(second).toMatchObject({ totalNumber: 15, totalPages: 4 });
    expect(second.dataList.map((i) => i.id)).toEqual(annIds.slice(4, 8));
    const last = await list('?page=4&pageSize=4');
    expect(last.dataList.map((i) => i.id)).toEqual(annIds.slice(12, 15));
    expect(await list('?page=9&pageSize=4')).toEqual({ dataList: [], totalNumber: 15, totalPages: 4 });
    const oldest = await list('?order=asc&pageSize=2');
    expect(oldest.dataList.map((i) => i.id)).toEqual([annIds[14], annIds[13]]);
  });

  it('§7 the _t cache-buster is accepted; an empty result is an empty list with zero totals', async () => {
    expect((await list(`?_t=${Date.now()}`)).totalNumber).toBe(15);
    const none = await list('?type=meeting&collected=true&status=unread');
    expect(none).toEqual({ dataList: [], totalNumber: 0, totalPages: 0 });
  });

  it('20007 without a token', async () => {
    expectCode(await t.app.inject({ method: 'GET', url: NOTIFICATIONS }), 20007, 401);
  });
});

describe('GET /designerapi/v1/notifications/unread-count', () => {
  it('§3 counts status true (unread) of the session designer only', async () => {
    expect(await unread(ann.token)).toBe(5);
    expect(await unread(bob.token)).toBe(2);
  });
});

describe('marking, collecting, deleting (§4 notification: unread → read)', () => {
  it('§4 POST :id/read makes status false, lowers the unread count, and is idempotent', async () => {
    const id = annIds[3]!;
    const res = await post(`${NOTIFICATIONS}/${id}/read`, ann.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelopeOf(res)).toMatchObject({ code: 200, data: { id, status: false, type: 'contract' } });
    expect((await storedRow(id))!.unread).toBe(false);
    expect(await unread()).toBe(4);
    const again = await post(`${NOTIFICATIONS}/${id}/read`, ann.token);
    expect(envelopeOf(again)).toMatchObject({ code: 200, data: { id, status: false } });
    expect(await unread()).toBe(4);
  });

  it('§3 collected: POST :id/collect {collected} collects and uncollects', async () => {
    const id = annIds[1]!;
    const on = await post(`${NOTIFICATIONS}/${id}/collect`, ann.token, { collected: true });
    expect(envelopeOf(on)).toMatchObject({ code: 200, data: { id, collected: true } });
    expect((await storedRow(id))!.collected).toBe(true);
    expect((await list('?collected=true')).dataList.map((i) => i.id)).toContain(id);
    const off = await post(`${NOTIFICATIONS}/${id}/collect`, ann.token, { collected: false });
    expect(envelopeOf(off)).toMatchObject({ code: 200, data: { id, collected: false } });
    expect((await storedRow(id))!.collected).toBe(false);
  });

  it('DELETE :id removes it; a second delete is 40400', async () => {
    const id = annIds[14]!;
    const res = await del(`${NOTIFICATIONS}/${id}`, ann.token);
    expect(envelopeOf(res)).toEqual({ code: 200, status: 0, msg: 'success', data: null });
    expect(await storedRow(id)).toBeUndefined();
    expect((await list('')).totalNumber).toBe(14);
    expectCode(await del(`${NOTIFICATIONS}/${id}`, ann.token), 40400, 404);
  });

  it('§4 POST read-all marks every unread one read, for the session designer only', async () => {
    const res = await post(`${NOTIFICATIONS}/read-all`, ann.token);
    expect(envelopeOf(res)).toMatchObject({ code: 200, data: { updated: 4, unread: 0 } });
    expect(await unread(ann.token)).toBe(0);
    expect((await list('?status=unread')).totalNumber).toBe(0);
    expect(await unread(bob.token)).toBe(2);
    const again = await post(`${NOTIFICATIONS}/read-all`, ann.token);
    expect(envelopeOf(again)).toMatchObject({ code: 200, data: { updated: 0, unread: 0 } });
  });
});

describe('DESIGN tenancy: another designer’s id answers 40400, never the row', () => {
  it('bob cannot read, collect or delete ann’s notifications; ann’s row is unchanged', async () => {
    const id = annIds[6]!;
    await t.db.update(notifications).set({ unread: true, collected: false }).where(eq(notifications.id, id));
    const before = await storedRow(id);
    expectCode(await post(`${NOTIFICATIONS}/${id}/read`, bob.token), 40400, 404);
    expectCode(await post(`${NOTIFICATIONS}/${id}/collect`, bob.token, { collected: true }), 40400, 404);
    expectCode(await del(`${NOTIFICATIONS}/${id}`, bob.token), 40400, 404);
    // The 40400 carries nothing of the row.
    expect(envelopeOf(await post(`${NOTIFICATIONS}/${id}/read`, bob.token)).data).toBeNull();
    expect(await storedRow(id)).toEqual(before);
  });

  it('bob’s list, count and read-all never include ann’s rows', async () => {
    const page = await list('?pageSize=100', bob.token);
    expect(page.dataList.map((i) => i.id).sort()).toEqual([...bobIds].sort());
    await post(`${NOTIFICATIONS}/read-all`, bob.token);
    expect((await storedRow(annIds[6]!))!.unread).toBe(true);
    // ann's own reads still work on it.
    expect(envelopeOf(await post(`${NOTIFICATIONS}/${annIds[6]}/read`, ann.token)).code).toBe(200);
  });

  it('an id that does not exist at all is 40400 too', async () => {
    expectCode(await post(`${NOTIFICATIONS}/2147483647/read`, ann.token), 40400, 404);
  });
});

describe('bad input answers 40000 naming the field', () => {
  it('unknown type → 40000 naming type; unknown status → naming status', async () => {
    expectValidation(await get(`${NOTIFICATIONS}?type=order`, ann.token), 'type');
    expectValidation(await get(`${NOTIFICATIONS}?status=maybe`, ann.token), 'status');
    expectValidation(await get(`${NOTIFICATIONS}?collected=perhaps`, ann.token), 'collected');
  });

  it('paging out of range and unknown query fields → 40000 naming them', async () => {
    expectValidation(await get(`${NOTIFICATIONS}?pageSize=101`, ann.token), 'pageSize');
    expectValidation(await get(`${NOTIFICATIONS}?page=0`, ann.token), 'page');
    expectValidation(await get(`${NOTIFICATIONS}?unread=1`, ann.token), 'unread');
    expectValidation(await get(`${NOTIFICATIONS}/unread-count?type=contract`, ann.token), 'type');
  });

  it('non-numeric, zero or out-of-range id → 40000 naming id', async () => {
    expectValidation(await post(`${NOTIFICATIONS}/abc/read`, ann.token), 'id');
    expectValidation(await post(`${NOTIFICATIONS}/0/read`, ann.token), 'id');
    expectValidation(await del(`${NOTIFICATIONS}/99999999999`, ann.token), 'id');
    expectValidation(await post(`${NOTIFICATIONS}/1.5/collect`, ann.token, { collected: true }), 'id');
  });

  it('collect body: collected must be a boolean, nothing else allowed', async () => {
    const id = annIds[2]!;
    expectValidation(
      await post(`${NOTIFICATIONS}/${id}/collect`, ann.token, { collected: 'yes' }),
      'collected',
    );
    expectValidation(await post(`${NOTIFICATIONS}/${id}/collect`, ann.token, {}), 'collected');
    expectValidation(
      await post(`${NOTIFICATIONS}/${id}/collect`, ann.token, { collected: true, unread: false }),
      'unread',
    );
    expect((await storedRow(id))!.collected).toBe(false);
  });
});

describe('createNotification (the service other modules and the seed call)', () => {
  it('§3 stores content as given ({user_content}-type text), unread and uncollected', async () => {
    const item = await createNotification(t.db, bob.id, {
      content: '  用户「小雅」留言：{user_content}  ',
      type: 'meeting',
      quality: 'middle',
    });
    expect(item).toMatchObject({
      content: '用户「小雅」留言：{user_content}',
      type: 'meeting',
      quality: 'middle',
      status: true,
      collected: false,
    });
    expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect((await list('?pageSize=1', bob.token)).dataList[0]).toEqual(item);
    await del(`${NOTIFICATIONS}/${item.id}`, bob.token);
  });

  it('40000 for empty or over-long content (500) and unknown type or quality', async () => {
    const bad = [
      { content: '', type: 'contract', quality: 'low' },
      { content: 'x'.repeat(501), type: 'contract', quality: 'low' },
      { content: 'ok', type: 'order', quality: 'low' },
      { content: 'ok', type: 'invoice', quality: 'urgent' },
    ] as const;
    for (const input of bad) {
      await expect(createNotification(t.db, bob.id, input as never)).rejects.toMatchObject({ code: 40000 });
    }
    const ok = await createNotification(t.db, bob.id, {
      content: '长'.repeat(500),
      type: 'invoice',
      quality: 'low',
    });
    expect(ok.content).toHaveLength(500);
    await del(`${NOTIFICATIONS}/${ok.id}`, bob.token);
  });
});

/** A server-sent-events reader over Node's fetch: waits for named events. */
function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const events: { event: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  let comments = 0;
  const response = fetch(url, { headers, signal: controller.signal });
  const done = (async () => {
    const res = await response;
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
          for (const wake of waiters.splice(0)) wake();
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    for (const wake of waiters.splice(0)) wake();
  })();
  let cursor = 0;
  return {
    response,
    events,
    done,
    get comments() {
      return comments;
    },
    /** The next event named `name` after the ones already taken, within `timeoutMs`. */
    async next(name: string, timeoutMs = 1000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= cursor && e.event === name);
        if (index >= 0) {
          cursor = index + 1;
          return events[index]!.data;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no ${name} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** A one-use stream ticket of the session `token` (issue 16: the stream's URL carries no token). */
async function ticketFor(token: string, app = t.app): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${NOTIFICATIONS}/stream-ticket`,
    headers: authHeader(token),
  });
  return (envelopeOf(res).data as { ticket: string }).ticket;
}

describe('GET /designerapi/v1/notifications/stream (server-sent events)', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${NOTIFICATIONS}/stream`;
  });

  it('§3 the list reaches an open console: a created notification arrives as `notification` within a second', async () => {
    const stream = openStream(`${base}?ticket=${await ticketFor(ann.token)}&_t=1`);
    try {
      const res = await stream.response;
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toContain('no-cache');
      const expectedUnread = await unread(ann.token);
      expect(await stream.next('unread')).toEqual({ unread: expectedUnread });

      const created = await createNotification(t.db, ann.id, {
        content: '您的合同《2026春季联名合作》已审核通过',
        type: 'contract',
        quality: 'high',
      });
      const started = Date.now();
      expect(await stream.next('notification', 1000)).toEqual(created);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await stream.next('unread')).toEqual({ unread: expectedUnread + 1 });

      // Marking it read elsewhere updates the open console's badge.
      await post(`${NOTIFICATIONS}/${created.id}/read`, ann.token);
      expect(await stream.next('unread')).toEqual({ unread: expectedUnread });
    } finally {
      stream.close();
      await stream.done;
    }
  });

  it('DESIGN tenancy: a stream hears only its own designer’s notifications', async () => {
    const annStream = openStream(`${base}?ticket=${await ticketFor(ann.token)}`);
    const bobStream = openStream(`${base}?ticket=${await ticketFor(bob.token)}`);
    try {
      await annStream.next('unread');
      await bobStream.next('unread');
      await createNotification(t.db, bob.id, {
        content: '发票已开具：¥100.00',
        type: 'invoice',
        quality: 'low',
      });
      expect(await bobStream.next('notification')).toMatchObject({ content: '发票已开具：¥100.00' });
      const annItem = await createNotification(t.db, ann.id, {
        content: '会议通知：周五 10:00',
        type: 'meeting',
        quality: 'middle',
      });
      expect(await annStream.next('notification')).toEqual(annItem);
      expect(annStream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
      expect(bobStream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      annStream.close();
      bobStream.close();
      await Promise.all([annStream.done, bobStream.done]);
    }
  });

  it('a notification created inside a transaction arrives on commit, and not at all on rollback', async () => {
    const stream = openStream(`${base}?ticket=${await ticketFor(ann.token)}`);
    try {
      await stream.next('unread');
      await t.db
        .transaction(async (tx) => {
          await createNotification(tx, ann.id, { content: '回滚的消息', type: 'contract', quality: 'low' });
          throw new Error('roll back');
        })
        .catch(() => {});
      const kept = await t.db.transaction((tx) =>
        createNotification(tx, ann.id, { content: '提交的消息', type: 'contract', quality: 'low' }),
      );
      expect(await stream.next('notification')).toEqual(kept);
      expect(stream.events.some((e) => JSON.stringify(e.data).includes('回滚'))).toBe(false);
    } finally {
      stream.close();
      await stream.done;
    }
  });

  it('the authToken header works as well as a ticket', async () => {
    const stream = openStream(base, { authtoken: bob.token });
    try {
      expect((await stream.response).status).toBe(200);
      expect(await stream.next('unread')).toMatchObject({ unread: expect.any(Number) });
    } finally {
      stream.close();
      await stream.done;
    }
  });

  it('§8 no token → 20007, unknown token → 20006: the envelope as JSON before any stream', async () => {
    const none = await fetch(base);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await none.json()).toMatchObject({ code: 20007, status: 1, data: null });

    const invalid = await fetch(`${base}?ticket=not-a-real-ticket`);
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ code: 20006, status: 1 });

    const unknownField = await fetch(`${base}?ticket=${await ticketFor(ann.token)}&since=1`);
    expect(unknownField.status).toBe(400);
    expect(await unknownField.json()).toMatchObject({ code: 40000, data: { errors: [{ path: 'since' }] } });
  });

  it('the query token is accepted on the stream only, not on the other calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${NOTIFICATIONS}?token=${ann.token}` });
    expect(envelopeOf(res).code).toBe(20007);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'DESIGN scale: another instance’s insert reaches this instance’s stream (LISTEN/NOTIFY)',
    async () => {
      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      const other = postgresHandle(pool.options.connectionString!, 1);
      const stream = openStream(`${base}?ticket=${await ticketFor(ann.token)}`);
      try {
        await stream.next('unread');
        const item = await createNotification(other.db, ann.id, {
          content: '来自另一实例的消息',
          type: 'invoice',
          quality: 'middle',
        });
        expect(await stream.next('notification')).toEqual(item);
      } finally {
        stream.close();
        await stream.done;
        await other.close();
      }
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'the listener reconnects when its connection drops, and open streams resync their count',
    async () => {
      const stream = openStream(`${base}?ticket=${await ticketFor(ann.token)}`);
      try {
        await stream.next('unread');
        const killed = await queryRows<{ ok: boolean }>(
          t.db,
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        );
        expect(killed.length).toBeGreaterThan(0);
        expect(await stream.next('unread', 5000)).toMatchObject({ unread: expect.any(Number) });
        const item = await createNotification(t.db, ann.id, {
          content: '重连后的消息',
          type: 'meeting',
          quality: 'low',
        });
        expect(await stream.next('notification', 2000)).toEqual(item);
      } finally {
        stream.close();
        await stream.done;
      }
    },
  );
});

describe('stream lifecycle', () => {
  it('closing the app ends open streams (clean up, no hang)', async () => {
    const other = await createTestApp();
    try {
      await createDesigner(other.db, { account: 'carol', password: PASSWORD });
      const token = await loginAs(other.app, 'carol', PASSWORD);
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (other.app.server.address() as AddressInfo).port;
      const stream = openStream(
        `http://127.0.0.1:${port}${NOTIFICATIONS}/stream?ticket=${await ticketFor(token, other.app)}`,
      );
      expect(await stream.next('unread')).toEqual({ unread: 0 });
      const started = Date.now();
      await other.app.close();
      await stream.done; // the body ended
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await other.close();
    }
  });

  it('a client that disconnects is let go: the server sees the close, later notifications still flow', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {}); // already listening
    const port = (t.app.server.address() as AddressInfo).port;
    let serverSideClosed!: Promise<void>;
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url?.includes('/stream')) serverSideClosed = new Promise((r) => response.once('close', r));
    };
    t.app.server.on('request', onRequest);
    try {
      const stream = openStream(
        `http://127.0.0.1:${port}${NOTIFICATIONS}/stream?ticket=${await ticketFor(ann.token)}`,
      );
      await stream.next('unread');
      stream.close();
      await stream.done;
      await expect(
        Promise.race([serverSideClosed, new Promise((_, reject) => setTimeout(reject, 2000, 'still open'))]),
      ).resolves.toBeUndefined();
      await createNotification(t.db, ann.id, {
        content: '无人在线时的消息',
        type: 'meeting',
        quality: 'low',
      });
      expect((await list('?pageSize=1')).dataList[0]).toMatchObject({ content: '无人在线时的消息' });
    } finally {
      t.app.server.off('request', onRequest);
    }
  });
});

describe('seed (DESIGN demo accounts): demo has a month of notifications, newcomer a welcome', () => {
  it('demo: 24 over the last 30 days, every type and quality, some read, some collected; newcomer: 2 unread', async () => {
    const now = new Date('2026-03-15T08:30:00Z');
    expect(await seedDemo(t.db, now)).toBe(true);
    const demoToken = await loginAs(t.app, 'demo', DEMO_PASSWORD);
    const page = await list('?pageSize=100', demoToken);
    expect(page.totalNumber).toBe(24);
    const items = page.dataList;
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(TYPES));
    expect(new Set(items.map((i) => i.quality))).toEqual(new Set(QUALITIES));
    const unreadCount = items.filter((i) => i.status).length;
    expect(unreadCount).toBeGreaterThan(0);
    expect(unreadCount).toBeLessThan(24);
    expect(items.some((i) => i.collected)).toBe(true);
    expect(await unread(demoToken)).toBe(unreadCount);
    expect(items[0]!.content).toBe('您的合同《2026春季联名合作》已审核通过');
    // Newest first, all within the 30 days before `now` (wire dates are Asia/Shanghai, UTC+8).
    const toInstant = (date: string) => new Date(`${date.replace(' ', 'T')}:00+08:00`).getTime();
    const instants = items.map((i) => toInstant(i.date));
    expect([...instants].sort((a, b) => b - a)).toEqual(instants);
    expect(instants[0]!).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - instants.at(-1)!).toBeLessThan(30 * 86_400_000);

    const newcomerToken = await loginAs(t.app, 'newcomer', DEMO_PASSWORD);
    const welcome = await list('', newcomerToken);
    expect(welcome.totalNumber).toBe(2);
    expect(welcome.dataList.every((i) => i.status && !i.collected)).toBe(true);
    expect(welcome.dataList.map((i) => i.content).join()).toContain('欢迎');
    // Seeding the whole demo takes most of a CPU-minute: 31.6 s once on a loaded machine.
  }, 120_000);
});
