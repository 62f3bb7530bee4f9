import { REQUEST_TIMEOUT_MS } from '@dc/contract';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { harness, ok, resetStorage, storeTokens } from './support.ts';

const answerOk = () => ({ status: 200, body: ok(null) });

beforeEach(resetStorage);
afterEach(() => vi.useRealTimers());

describe('§7 request rules', () => {
  it('§7 header authToken is sent when a token exists', async () => {
    storeTokens({ local: 'local-token' });
    const { client, calls } = harness(answerOk);
    await client.get('/designerapi/v1/yiDesigner/modifyInfo');
    expect(calls[0]?.headers.get('authToken')).toBe('local-token');
  });

  it('§7 a token in session storage takes priority over the one in local storage', async () => {
    storeTokens({ session: 'session-token', local: 'local-token' });
    const { client, calls } = harness(answerOk);
    await client.get('/designerapi/v1/yiDesigner/modifyInfo');
    expect(calls[0]?.headers.get('authToken')).toBe('session-token');
  });

  it('§7 no authToken header without a token', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('/designerapi/v1/login', { account: 'demo' });
    expect(calls[0]?.headers.has('authToken')).toBe(false);
  });

  it('§7 the token is read at send time, so a sign-in between calls is seen', async () => {
    const { client, calls } = harness(answerOk);
    await client.get('/designerapi/v1/vault/balance');
    storeTokens({ session: 'fresh' });
    await client.get('/designerapi/v1/vault/balance');
    expect(calls.map((c) => c.headers.get('authToken') ?? null)).toEqual([null, 'fresh']);
  });

  it('§7 requests to paths containing v1/designer carry app-type: designer (literal, any case)', async () => {
    const { client, calls } = harness(answerOk);
    await client.get('/designerapi/v1/designer-info');
    await client.get('/designerapi/v1/Designer/profile');
    await client.get('/designerapi/v1/yiDesigner/modifyInfo');
    await client.get('/designerapi/v1/vault/balance');
    expect(calls.map((c) => c.headers.get('app-type') ?? null)).toEqual(['designer', 'designer', null, null]);
  });

  it('§7 the base prefix is added automatically; spec-style paths without a leading slash are accepted', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('designerapi/v1/login', {});
    await client.get('/designerapi/v1/vault/balance');
    await client.get('fans');
    await client.get('/fans/12');
    expect(calls.map((c) => c.url)).toEqual([
      '/designerapi/v1/login',
      '/designerapi/v1/vault/balance',
      '/designerapi/v1/fans',
      '/designerapi/v1/fans/12',
    ]);
    expect(calls[0]?.baseURL).toBe('');
  });

  it('§7 timeout is 30000 ms, credentials are sent, the default content type is JSON', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('/designerapi/v1/yiDesigner/modifyDesc', { desc: 'hello' });
    const sent = calls[0]!;
    expect(sent.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(sent.timeout).toBe(30_000);
    expect(sent.withCredentials).toBe(true);
    expect(String(sent.headers.getContentType())).toMatch(/^application\/json/);
    expect(sent.data).toBe(JSON.stringify({ desc: 'hello' }));
  });

  it('§7 a FormData body goes as multipart, not as JSON', async () => {
    const { client, calls } = harness(answerOk);
    const form = new FormData();
    form.set('account', 'demo');
    form.set('password', 'demo123456');
    await client.post('designerapi/v1/login', form);
    const sent = calls[0]!;
    expect(sent.data).toBeInstanceOf(FormData);
    expect(String(sent.headers.getContentType())).toMatch(/^multipart\/form-data/);
    expect((sent.data as FormData).get('account')).toBe('demo');
  });

  it('§7 a query field _t (timestamp) is appended to GET requests', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-06T07:08:09Z'));
    const { client, calls } = harness(answerOk);
    await client.get('designerapi/v1/getBanks', { params: { city: 'Shanghai' } });
    expect(calls[0]?.params).toEqual({ city: 'Shanghai', _t: Date.parse('2024-05-06T07:08:09Z') });
  });

  it('§7 _t is appended to GET only, never to POST, PUT, PATCH or DELETE', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('designerapi/v1/codePcRegister', {}, { params: { code: 'x' } });
    await client.put('/designerapi/v1/crowd-packs/1', {});
    await client.patch('/designerapi/v1/crowd-packs/1', {});
    await client.delete('/designerapi/v1/crowd-packs/1');
    for (const call of calls) expect(JSON.stringify(call.params ?? {})).not.toContain('_t');
    expect(calls[0]?.params).toEqual({ code: 'x' });
  });

  it('§7 string fields of JSON bodies are trimmed, deeply, through objects and arrays', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('/designerapi/v1/yiDesigner/modifyInfo', {
      nickname: '  Ann  ',
      age: 3,
      tags: ['  a ', ' b'],
      shop: { address: { line: '  1 Road  ' }, open: true },
      none: null,
    });
    expect(JSON.parse(String(calls[0]?.data))).toEqual({
      nickname: 'Ann',
      age: 3,
      tags: ['a', 'b'],
      shop: { address: { line: '1 Road' }, open: true },
      none: null,
    });
  });

  it('§7 FormData string entries are trimmed and files kept', async () => {
    const { client, calls } = harness(answerOk);
    const form = new FormData();
    form.set('account', '  demo ');
    const file = new File(['x'], 'pic.png', { type: 'image/png' });
    form.set('pic', file);
    await client.post('designerapi/v1/login', form);
    const sent = calls[0]?.data as FormData;
    expect(sent.get('account')).toBe('demo');
    expect((sent.get('pic') as File).name).toBe('pic.png');
    expect(form.get('account')).toBe('  demo ');
  });

  it('§7 query params are trimmed and dates formatted', async () => {
    const { client, calls } = harness(answerOk);
    await client.get('/designerapi/v1/fans', {
      params: { keyword: '  Ann ', from: dayjs('2024-01-02 03:04:05'), ids: [' 1 ', '2 '] },
    });
    expect(calls[0]?.params).toMatchObject({ keyword: 'Ann', from: '2024-01-02 03:04:05', ids: ['1', '2'] });
  });

  it('§7 Date and dayjs values are formatted YYYY-MM-DD HH:mm:ss, deeply', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('/designerapi/v1/crowd-packs', {
      picked: dayjs('2024-03-05 09:02:03'),
      range: [dayjs('2024-01-01 00:00:00'), dayjs('2024-01-31 23:59:59')],
      // An instant goes in business time (Asia/Shanghai, UTC+8), like the server's timestamps.
      at: { when: new Date('2024-03-05T01:02:03Z') },
    });
    expect(JSON.parse(String(calls[0]?.data))).toEqual({
      picked: '2024-03-05 09:02:03',
      range: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'],
      at: { when: '2024-03-05 09:02:03' },
    });
  });

  it('§7 trimming can be turned off per call for a value that must go verbatim', async () => {
    const { client, calls } = harness(answerOk);
    await client.post('/designerapi/v1/x', { secret: ' a ' }, { trim: false });
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ secret: ' a ' });
  });

  it('the caller’s body and params are not mutated', async () => {
    const { client } = harness(answerOk);
    const body = { name: ' a ', nested: { when: dayjs('2024-01-01 00:00:00') } };
    const params = { q: ' b ' };
    await client.post('/designerapi/v1/x', body, { params });
    expect(body.name).toBe(' a ');
    expect(dayjs.isDayjs(body.nested.when)).toBe(true);
    expect(params).toEqual({ q: ' b ' });
  });

  it('the app language goes as Accept-Language so server messages follow it', async () => {
    const { client, calls, deps } = harness(answerOk);
    deps.language = () => 'en-US';
    await client.get('/designerapi/v1/vault/balance');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en-US');
  });
});
