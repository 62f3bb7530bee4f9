import { ERROR_TOAST_SECONDS, emptyListPage, type ListPage } from '@dc/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  fieldErrorsOf,
  RequestError,
  requestMessageKeys,
  requestMessages,
} from '../../src/request/index.ts';
import { failure, harness, ok, rejectionOf, resetStorage } from './support.ts';

beforeEach(resetStorage);

describe('§7 responses', () => {
  it('§7 HTTP 204 returns the raw response', async () => {
    const { client } = harness(() => ({ status: 204 }));
    const answer = await client.delete('/designerapi/v1/crowd-packs/3');
    expect(answer).toMatchObject({ status: 204, data: '' });
  });

  it('§7 PUT returns the raw response', async () => {
    const { client } = harness(() => ({ status: 200, body: ok({ id: 3 }) }));
    const answer = await client.put<{ id: number }>('/designerapi/v1/crowd-packs/3', { name: 'a' });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(ok({ id: 3 }));
  });

  it('§7 PATCH returns the raw response', async () => {
    const { client } = harness(() => ({ status: 200, body: ok({ id: 3 }) }));
    const answer = await client.patch<{ id: number }>('/designerapi/v1/crowd-packs/3', { name: 'a' });
    expect(answer.status).toBe(200);
    expect(answer.data.data).toEqual({ id: 3 });
  });

  it('§7 a failed PUT still goes through the error catalogue (the server uses true statuses)', async () => {
    const { client, toast } = harness(() => failure(40900, 'name taken'));
    const error = await rejectionOf(client.put('/designerapi/v1/crowd-packs/3', {}));
    expect(error).toMatchObject({ code: 40900, msg: 'name taken', httpStatus: 409 });
    expect(toast).toHaveBeenCalledWith('name taken', ERROR_TOAST_SECONDS);
  });

  it('§7 success is code 200: the call resolves with data', async () => {
    const { client } = harness(() => ({ status: 200, body: ok({ id: 1, nickname: 'Ann' }) }));
    await expect(client.get('/designerapi/v1/yiDesigner/modifyInfo')).resolves.toEqual({
      id: 1,
      nickname: 'Ann',
    });
  });

  it('§7 success is status 0 even with another code', async () => {
    const { client } = harness(() => ({ status: 200, body: { code: 0, status: 0, msg: 'ok', data: 'x' } }));
    await expect(client.get('/designerapi/v1/yiDesigner/modifyInfo')).resolves.toBe('x');
  });

  it('§7 code 200 is success even with another status', async () => {
    const { client } = harness(() => ({ status: 200, body: { code: 200, status: 1, msg: 'ok', data: 'y' } }));
    await expect(client.post('/designerapi/v1/sendCode', {})).resolves.toBe('y');
  });

  it('an empty-array list answer is normalised to the empty page', async () => {
    const { client } = harness(() => ({ status: 200, body: ok([]) }));
    await expect(client.getList('/designerapi/v1/fans')).resolves.toEqual(emptyListPage());
    await expect(client.get('/designerapi/v1/fans', { list: true })).resolves.toEqual({
      dataList: [],
      totalNumber: 0,
      totalPages: 0,
    });
  });

  it('a list page is kept as it is; without the list option data: [] stays an array', async () => {
    const page: ListPage<{ id: number }> = { dataList: [{ id: 1 }], totalNumber: 11, totalPages: 2 };
    const { client } = harness((config) =>
      config.url?.endsWith('/tags') ? { status: 200, body: ok([]) } : { status: 200, body: ok(page) },
    );
    await expect(client.getList<{ id: number }>('/designerapi/v1/fans')).resolves.toEqual(page);
    await expect(client.get('/designerapi/v1/tags')).resolves.toEqual([]);
  });

  it('§8 empty response: request interface error', async () => {
    const { client, toast } = harness(() => ({ status: 200 }));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'empty-response', message: 'Request interface error' });
    expect(toast).toHaveBeenCalledWith('Request interface error', ERROR_TOAST_SECONDS);
  });

  it('§8 an error status with an empty body is a request interface error too', async () => {
    const { client } = harness(() => ({ status: 502 }));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toMatchObject({ kind: 'empty-response', httpStatus: 502 });
  });

  it('§8 transform failure: request error!', async () => {
    const { client, toast } = harness(() => ({ status: 200, raw: '<html>gateway</html>' }));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toMatchObject({ kind: 'transform', message: 'Request error!' });
    expect(toast).toHaveBeenCalledWith('Request error!', ERROR_TOAST_SECONDS);
  });

  it('§8 localised texts of the request layer', () => {
    expect(requestMessages['zh-CN'][requestMessageKeys.interfaceError]).toBe('请求接口错误');
    expect(requestMessages['zh-CN'][requestMessageKeys.transformError]).toBe('请求错误！');
    expect(requestMessages['en-US'][requestMessageKeys.interfaceError]).toBe('Request interface error');
    expect(requestMessages['en-US'][requestMessageKeys.transformError]).toBe('Request error!');
    for (const language of ['zh-CN', 'en-US'] as const) {
      for (const key of Object.values(requestMessageKeys))
        expect(requestMessages[language][key]).toBeTruthy();
    }
  });

  it('a network error rejects with the localised network message', async () => {
    const { client, toast } = harness(() => ({ fail: 'network' }));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toMatchObject({ kind: 'network', message: 'Network error, please check your connection' });
    expect(toast).toHaveBeenCalledTimes(1);
  });
});

describe('§8 other failures', () => {
  it('§8 other failures reject with the body and show the msg as an error toast for 3 s', async () => {
    const body = { code: 40400, status: 1, msg: 'fan not found', data: null };
    const { client, toast, navigate } = harness(() => ({ status: 404, body }));
    const error = await rejectionOf(client.get('/designerapi/v1/fans/9'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ code: 40400, msg: 'fan not found', data: null, httpStatus: 404, body });
    expect((error as ApiRequestError).message).toBe('fan not found');
    expect((error as ApiRequestError).handled).toBe(true);
    expect(toast).toHaveBeenCalledExactlyOnceWith('fan not found', 3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('§8 the toast is shown only when the call asks for it (showErrorMessage: false)', async () => {
    const { client, toast } = harness(() => failure(20001, 'Wrong account or password'));
    const error = await rejectionOf(client.post('designerapi/v1/login', {}, { showErrorMessage: false }));
    expect(error).toMatchObject({ code: 20001, handled: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it('§8 a failure code in a 200 answer is still a failure', async () => {
    const { client, toast } = harness(() => ({
      status: 200,
      body: { code: 42900, status: 1, msg: 'slow down', data: { retryAfter: 5 } },
    }));
    const error = await rejectionOf(client.post('/designerapi/v1/sendCode', {}));
    expect(error).toMatchObject({ code: 42900, data: { retryAfter: 5 }, httpStatus: 200 });
    expect(toast).toHaveBeenCalledWith('slow down', 3);
  });

  it('40000 errors keep data.errors for forms: fieldErrorsOf gives antd setFields entries', async () => {
    const errors = [
      { path: 'nickname', message: 'too long' },
      { path: 'shop.address', message: 'required' },
    ];
    const { client } = harness(() => failure(40000, 'nickname: too long', { errors }));
    const error = await rejectionOf(
      client.post('/designerapi/v1/yiDesigner/modifyInfo', {}, { showErrorMessage: false }),
    );
    expect((error as ApiRequestError).data).toEqual({ errors });
    expect(fieldErrorsOf(error)).toEqual([
      { name: ['nickname'], errors: ['too long'] },
      { name: ['shop', 'address'], errors: ['required'] },
    ]);
  });

  it('fieldErrorsOf is empty for anything but a 40000 answer with field errors', async () => {
    const { client } = harness(() => failure(40400));
    const notFound = await rejectionOf(client.get('/designerapi/v1/fans/1', { showErrorMessage: false }));
    expect(fieldErrorsOf(notFound)).toEqual([]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
    expect(fieldErrorsOf(undefined)).toEqual([]);
    const malformed = new ApiRequestError(
      { code: 40000, status: 1, msg: 'bad', data: { errors: [{ path: 1 }] } },
      400,
    );
    expect(fieldErrorsOf(malformed)).toEqual([]);
  });
});

describe('§8 transform failures while preparing the request', () => {
  it('§8 a body that cannot be prepared rejects with request error! and a toast, without a request', async () => {
    const { client, calls, toast } = harness(() => ({ status: 200, body: ok(null) }));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const error = await rejectionOf(client.post('/designerapi/v1/x', circular));
    expect(error).toMatchObject({ kind: 'transform', message: 'Request error!' });
    expect(toast).toHaveBeenCalledWith('Request error!', 3);
    expect(calls).toHaveLength(0);
  });
});
