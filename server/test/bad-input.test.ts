import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designers } from '../src/db/schema/index.ts';
import {
  API,
  authHeader,
  createDesigner,
  createTestApp,
  envelopeOf,
  loginAs,
  multipartBody,
  rowCounts,
  type TestApp,
} from './support/test-app.ts';

const PASSWORD = 'bad-input-pass';
const TEN_MB = 10 * 1024 * 1024;

let t: TestApp;
let token: string;
let designerId: number;

beforeAll(async () => {
  t = await createTestApp();
  designerId = await createDesigner(t.db, { account: 'careful', password: PASSWORD, nickname: 'Careful' });
  token = await loginAs(t.app, 'careful', PASSWORD);
});
afterAll(() => t?.close());

/** Asserts the 40000 envelope, naming `path` among `data.errors`; answers the errors. */
function expectValidationError(res: LightMyRequestResponse, path: string, httpStatus = 400) {
  expect(res.statusCode).toBe(httpStatus);
  const body = envelopeOf(res);
  expect(body).toMatchObject({ code: 40000, status: 1 });
  const errors = (body.data as { errors: { path: string; message: string }[] }).errors;
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.path).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
  }
  expect(errors.map((e) => e.path)).toContain(path);
  expect(body.msg.length).toBeGreaterThan(0);
  return errors;
}

const postLogin = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/login`, headers, payload: payload as string });
const postInfo = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/yiDesigner/modifyInfo`,
    headers: { ...authHeader(token), ...headers },
    payload: payload as string,
  });

describe('bad input answers 40000 naming the field, and writes nothing', () => {
  let before: Awaited<ReturnType<typeof rowCounts>>;
  beforeAll(async () => {
    before = await rowCounts(t.db);
  });

  it('malformed JSON → 40000 on body', async () => {
    const res = await postLogin('{"account": "careful", "password": ', {
      'content-type': 'application/json',
    });
    expectValidationError(res, 'body');
  });

  it('wrong types → 40000 naming each field', async () => {
    const res = await postLogin({ account: 42, password: ['x'], remember: 'maybe' });
    const errors = expectValidationError(res, 'account');
    expect(errors.map((e) => e.path)).toEqual(expect.arrayContaining(['password', 'remember']));
    const info = await postInfo({ nickname: { first: 'x' } });
    expectValidationError(info, 'nickname');
  });

  it('over-long strings → 40000 naming the field (account 32, nickname 32, password 128)', async () => {
    expectValidationError(await postLogin({ account: 'a'.repeat(33), password: PASSWORD }), 'account');
    expectValidationError(await postLogin({ account: 'careful', password: 'p'.repeat(129) }), 'password');
    expectValidationError(await postInfo({ nickname: '名'.repeat(33) }), 'nickname');
    expectValidationError(await postInfo({ pic: `https://img.example.com/${'a'.repeat(1024)}` }), 'pic');
  });

  it('a NUL character in a text field → 40000 naming it, never a 500', async () => {
    expectValidationError(await postInfo({ nickname: 'bad\u0000name' }), 'nickname');
  });

  it('blank strings count as missing once trimmed', async () => {
    expectValidationError(await postLogin({ account: '   ', password: PASSWORD }), 'account');
    expectValidationError(await postInfo({ nickname: '  ' }), 'nickname');
  });

  it('unknown body fields → 40000 naming the field (JSON and form-data)', async () => {
    expectValidationError(await postLogin({ account: 'careful', password: PASSWORD, role: 'admin' }), 'role');
    const form = await multipartBody({ account: 'careful', password: PASSWORD, isAdmin: '1' });
    expectValidationError(await postLogin(form.payload, form.headers), 'isAdmin');
  });

  it('a missing form field → 40000 naming it', async () => {
    const form = await multipartBody({ account: 'careful' });
    expectValidationError(await postLogin(form.payload, form.headers), 'password');
    const urlencoded = await postLogin('password=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expectValidationError(urlencoded, 'account');
  });

  it('no body at all → 40000', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/login` });
    expectValidationError(res, 'body');
  });

  it('a 10 MB body → HTTP 413 with code 40000, in JSON, urlencoded and form-data', async () => {
    const big = 'x'.repeat(TEN_MB);
    expectValidationError(await postLogin({ account: 'careful', password: big }), 'body', 413);
    const urlencoded = await postLogin(`account=careful&password=${big}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectValidationError(urlencoded, 'body', 413);
    const form = await multipartBody({ account: 'careful', password: big });
    expectValidationError(await postLogin(form.payload, form.headers), 'body', 413);
    expectValidationError(await postInfo({ nickname: big }), 'body', 413);
  });

  it('nothing was written by any of the above', async () => {
    expect(await rowCounts(t.db)).toEqual(before);
    const [row] = await t.db.select().from(designers).where(eq(designers.id, designerId));
    expect(row).toMatchObject({ nickname: 'Careful', pic: '' });
  });
});

describe('query strings (§7: GET requests carry a _t timestamp)', () => {
  const gets = [`${API}/health`, `${API}/yiDesigner/modifyInfo`, `${API}/vault/balance`];

  it('§7 _t is accepted on every GET', async () => {
    for (const url of gets) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?_t=${Date.now()}`,
        headers: authHeader(token),
      });
      expect(res.statusCode, url).toBe(200);
      expect(envelopeOf(res).code, url).toBe(200);
    }
  });

  it('an unknown query field → 40000 naming it, on every GET', async () => {
    for (const url of gets) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?_t=1&sneaky=1`,
        headers: authHeader(token),
      });
      expectValidationError(res, 'sneaky');
    }
  });

  it('a _t that is not a number → 40000 naming _t', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/health?_t=yesterday` });
    expectValidationError(res, '_t');
  });
});
