import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError, RequestError } from '../../src/request/index.ts';
import {
  CURRENT_LOCATION,
  failure,
  harness,
  ok,
  type Reply,
  rejectionOf,
  resetStorage,
  storeTokens,
} from './support.ts';

beforeEach(resetStorage);

/** A network answering with the queued replies in order. */
function scriptedNetwork(...replies: Reply[]) {
  return harness(() => replies.shift() ?? { status: 200, body: ok('spare') });
}

describe('the last request that got no answer (network-error page retry)', () => {
  it('is null until a call fails without an answer', async () => {
    const { client } = scriptedNetwork({ status: 200, body: ok(1) });
    expect(client.lastFailedRequest()).toBeNull();
    await client.get('/designerapi/v1/vault/balance');
    expect(client.lastFailedRequest()).toBeNull();
  });

  it('records a network error with method, URL and the location it happened at', async () => {
    const { client } = scriptedNetwork({ fail: 'network' });
    await expect(client.get('/designerapi/v1/vault/balance')).rejects.toBeInstanceOf(RequestError);
    expect(client.lastFailedRequest()).toMatchObject({
      method: 'GET',
      url: '/designerapi/v1/vault/balance',
      location: CURRENT_LOCATION,
    });
  });

  it('records a timeout too', async () => {
    const { client } = scriptedNetwork({ fail: 'timeout' });
    await rejectionOf(client.post('/designerapi/v1/yiDesigner/modifyInfo', { nickname: 'a' }));
    expect(client.lastFailedRequest()?.method).toBe('POST');
  });

  it('does not record answers the server gave: sending them again would fail the same way', async () => {
    const { client } = scriptedNetwork(failure(50000), failure(40400), { status: 200, body: '' });
    await rejectionOf(client.get('/designerapi/v1/a'));
    await rejectionOf(client.get('/designerapi/v1/b'));
    await rejectionOf(client.get('/designerapi/v1/c'));
    expect(client.lastFailedRequest()).toBeNull();
  });

  it('retry sends the same call again (same body and query) and resolves with its data', async () => {
    const { client, calls } = scriptedNetwork({ fail: 'network' }, { status: 200, body: ok({ id: 7 }) });
    await rejectionOf(client.post('/designerapi/v1/yiDesigner/modifyInfo', { nickname: ' Ann ' }));
    const retried = client.lastFailedRequest()!.retry();
    await expect(retried).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.method).toBe('post');
    expect(calls[1]?.url).toBe('/designerapi/v1/yiDesigner/modifyInfo');
    expect(JSON.parse(String(calls[1]?.data))).toEqual({ nickname: 'Ann' });
  });

  it('a successful retry forgets the record; a failed one keeps it', async () => {
    const { client } = scriptedNetwork(
      { fail: 'network' },
      { fail: 'network' },
      { status: 200, body: ok(1) },
    );
    await rejectionOf(client.get('/designerapi/v1/fans', { params: { page: 2 } }));
    await expect(client.lastFailedRequest()!.retry()).rejects.toBeInstanceOf(RequestError);
    const again = client.lastFailedRequest();
    expect(again).not.toBeNull();
    await expect(again!.retry()).resolves.toBe(1);
    expect(client.lastFailedRequest()).toBeNull();
  });

  it('the same call succeeding later (the screen reloaded it) forgets the record', async () => {
    const { client } = scriptedNetwork({ fail: 'network' }, { status: 200, body: ok('x') });
    await rejectionOf(client.get('/designerapi/v1/fans', { params: { page: 2 } }));
    await client.get('/designerapi/v1/fans', { params: { page: 2 } });
    expect(client.lastFailedRequest()).toBeNull();
  });

  it('another call succeeding keeps the record: the failed one is still unsent', async () => {
    const { client } = scriptedNetwork({ fail: 'network' }, { status: 200, body: ok('x') });
    await rejectionOf(client.get('/designerapi/v1/fans', { params: { page: 2 } }));
    await client.get('/designerapi/v1/fans', { params: { page: 3 } });
    expect(client.lastFailedRequest()?.url).toBe('/designerapi/v1/fans');
  });

  it('a retry the server answers with an error rejects with it and forgets the record', async () => {
    const { client } = scriptedNetwork({ fail: 'network' }, failure(40000));
    await rejectionOf(client.get('/designerapi/v1/fans'));
    const error = await rejectionOf(client.lastFailedRequest()!.retry());
    expect(error).toBeInstanceOf(ApiRequestError);
    // The server has answered: the same call again would get the same answer.
    expect(client.lastFailedRequest()).toBeNull();
  });

  it('the retry ignores the original caller’s signal, which is aborted by then', async () => {
    const { client } = scriptedNetwork({ fail: 'network' }, { status: 200, body: ok('back') });
    const controller = new AbortController();
    await rejectionOf(client.get('/designerapi/v1/fans', { signal: controller.signal }));
    controller.abort();
    await expect(client.lastFailedRequest()!.retry()).resolves.toBe('back');
  });

  it('belongs to the session it failed in: after logout or another sign-in there is nothing to retry', async () => {
    storeTokens({ local: 'designer-a' });
    const { client } = scriptedNetwork({ fail: 'network' });
    await rejectionOf(client.post('/designerapi/v1/yiDesigner/modifyInfo', { nickname: 'A' }));
    expect(client.lastFailedRequest()).not.toBeNull();
    resetStorage();
    expect(client.lastFailedRequest()).toBeNull();
    storeTokens({ local: 'designer-b' });
    expect(client.lastFailedRequest()).toBeNull();
  });
});
