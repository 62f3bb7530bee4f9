import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, authHeader, createTestApp, envelopeOf, type TestApp } from './support/test-app.ts';

const SECRET_SQL = 'SELECT password_hash FROM designers WHERE account = $1';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes with bugs, added before the app is ready (app.inject readies it).
  t.app.get(`${API}/__test/bug`, async () => {
    throw new Error(`cannot run ${SECRET_SQL}: secret_column missing`);
  });
  t.app.get(`${API}/__test/bad-query`, async () => {
    await t.db.execute(sql.raw('select secret_column from no_such_table'));
    return { never: true };
  });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function expectEnvelopeShape(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = envelopeOf(res);
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'status']);
  expect(typeof body.code).toBe('number');
  expect(typeof body.status).toBe('number');
  expect(typeof body.msg).toBe('string');
  expect(body.data).not.toBeUndefined();
  // DESIGN: success is code 200, status 0; failures carry a catalogue code and a non-zero status.
  expect(body.status === 0).toBe(body.code === 200);
  return body;
}

describe('the envelope {code, status, msg, data} (DESIGN wire conventions)', () => {
  it('40400 envelope with HTTP 404 for an unknown API route, any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `${API}/no-such-call` });
      expect(res.statusCode).toBe(404);
      expect(expectEnvelopeShape(res)).toEqual({ code: 40400, status: 1, msg: '资源不存在', data: null });
    }
  });

  it('40400 envelope outside the API too when no web app is served', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(expectEnvelopeShape(res).code).toBe(40400);
  });

  it('every answer, success or failure, is the envelope', async () => {
    const answers = [
      await get(`${API}/health`),
      await get(`${API}/health?nope=1`),
      await get(`${API}/yiDesigner/modifyInfo`),
      await get(`${API}/vault/balance`, authHeader('garbage')),
      await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { account: 'x', password: 'y' } }),
      await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { account: 'x' } }),
      await get(`${API}/missing`),
      await get(`${API}/__test/bug`),
    ];
    expect(answers.map((res) => [res.statusCode, expectEnvelopeShape(res).code])).toEqual([
      [200, 200],
      [400, 40000],
      [401, 20007],
      [401, 20006],
      [401, 20001],
      [400, 40000],
      [404, 40400],
      [500, 50000],
    ]);
  });

  it('50000 for a bug: HTTP 500, no stack, no SQL, no error text in the body', async () => {
    const res = await get(`${API}/__test/bug`);
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res)).toEqual({ code: 50000, status: 1, msg: '服务器内部错误', data: null });
    expect(res.body).not.toMatch(/SELECT|password_hash|secret_column|Error|\.ts:\d+|at /);
  });

  it('50000, not 50300, for a failing query on a working database; the SQL stays out of the body', async () => {
    const res = await get(`${API}/__test/bad-query`);
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res)).toMatchObject({ code: 50000, data: null });
    expect(res.body).not.toMatch(/no_such_table|secret_column|select/i);
  });

  it('Accept-Language: en answers English messages; Chinese stays the default', async () => {
    const en = await get(`${API}/yiDesigner/modifyInfo`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(envelopeOf(en)).toMatchObject({ code: 20007, msg: 'You are not logged in, please log in first' });
    const enNotFound = await get(`${API}/missing`, { 'accept-language': 'en' });
    expect(envelopeOf(enNotFound).msg).toBe('Not found');
    const enBug = await get(`${API}/__test/bug`, { 'accept-language': 'en' });
    expect(envelopeOf(enBug).msg).toBe('Internal error');
    const zhFirst = await get(`${API}/yiDesigner/modifyInfo`, {
      'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
    });
    expect(envelopeOf(zhFirst).msg).toBe('您还未登录，请先登录');
  });
});
