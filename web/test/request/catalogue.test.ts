import { LOGIN_ERROR_TOAST_SECONDS } from '@dc/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  configureRequest,
  createHttp,
  requestMessageKeys,
  requestMessages,
  resetRequestConfig,
} from '../../src/request/index.ts';
import {
  CURRENT_LOCATION,
  failure,
  fakeNetwork,
  harness,
  ok,
  rejectionOf,
  resetStorage,
  signedIn,
  tokenCleared,
} from './support.ts';

const loginWithRedirect = `/start/login?redirect=${encodeURIComponent(CURRENT_LOCATION)}`;

beforeEach(() => {
  resetStorage();
  signedIn();
});
afterEach(() => {
  vi.useRealTimers();
  resetRequestConfig();
});

describe('§8 error catalogue', () => {
  it('§8 20003 clears the token from storage and state, no message', async () => {
    const { client, toast, navigate } = harness(() => failure(20003));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toMatchObject({ code: 20003, handled: true });
    expect(tokenCleared()).toBe(true);
    expect(toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('§8 20005 clears the token, shows "designer account does not exist" for 1.5 s, goes to login with redirect', async () => {
    const { client, toast, navigate } = harness(() => failure(20005));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toMatchObject({ code: 20005, handled: true });
    expect(tokenCleared()).toBe(true);
    expect(toast).toHaveBeenCalledExactlyOnceWith(
      'Designer account does not exist, please log in again',
      1.5,
    );
    expect(LOGIN_ERROR_TOAST_SECONDS).toBe(1.5);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(loginWithRedirect);
  });

  it('§8 20006 clears the token, shows "login failed, please log in again", goes to login with redirect', async () => {
    const { client, toast, navigate } = harness(() => failure(20006));
    await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(tokenCleared()).toBe(true);
    expect(toast).toHaveBeenCalledExactlyOnceWith('Login failed, please log in again', 1.5);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(loginWithRedirect);
  });

  it('§8 20007 clears the token, shows "you are not logged in, please log in first", goes to login with redirect', async () => {
    const { client, toast, navigate } = harness(() => failure(20007));
    await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(tokenCleared()).toBe(true);
    expect(toast).toHaveBeenCalledExactlyOnceWith('You are not logged in, please log in first', 1.5);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(loginWithRedirect);
  });

  it('§8 the redirect query carries the current path and query, decodable', async () => {
    const { client, navigate } = harness(() => failure(20006), '/course/designer-course?tab=2&q=a%20b');
    await rejectionOf(client.get('/designerapi/v1/courses'));
    const target = new URL(navigate.mock.calls[0]![0], 'http://x');
    expect(target.pathname).toBe('/start/login');
    expect(target.searchParams.get('redirect')).toBe('/course/designer-course?tab=2&q=a%20b');
  });

  it('§8 session toasts ignore showErrorMessage: false (the behaviour belongs to the code)', async () => {
    const { client, toast, navigate } = harness(() => failure(20006));
    await rejectionOf(client.get('/designerapi/v1/vault/balance', { showErrorMessage: false }));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('§8 20012 fails with the server message, clears the token and goes to /status-info', async () => {
    const { client, toast, navigate } = harness(() => failure(20012, 'account frozen'));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('account frozen');
    expect(error).toMatchObject({ code: 20012, msg: 'account frozen', httpStatus: 403 });
    expect(tokenCleared()).toBe(true);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/status-info');
    expect(toast).not.toHaveBeenCalled();
  });

  it('§8 concurrent 20006 failures show one toast and make one redirect', async () => {
    const { client, toast, navigate } = harness(() => failure(20006));
    const results = await Promise.allSettled([
      client.get('/designerapi/v1/vault/balance'),
      client.get('/designerapi/v1/yiDesigner/modifyInfo'),
      client.get('/designerapi/v1/fans'),
      client.post('/designerapi/v1/tags', {}),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(tokenCleared()).toBe(true);
  });

  it('§8 a later session failure, after the quiet window, is told again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, toast, navigate } = harness(() => failure(20007));
    await rejectionOf(client.get('/designerapi/v1/a'));
    vi.setSystemTime(Date.now() + 60_000);
    await rejectionOf(client.get('/designerapi/v1/b'));
    expect(toast).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('§8 on the login page itself a session failure neither toasts nor redirects again', async () => {
    const { client, toast, navigate } = harness(() => failure(20007), '/start/login?redirect=%2Ffans');
    await rejectionOf(client.get('/designerapi/v1/a'));
    expect(toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(tokenCleared()).toBe(true);
  });

  it('§8 concurrent 20012 failures go to /status-info once', async () => {
    const { client, navigate } = harness(() => failure(20012));
    await Promise.allSettled([client.get('/designerapi/v1/a'), client.get('/designerapi/v1/b')]);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/status-info');
  });

  it('§8 toasts go through the injected t with the exported keys; zh-CN defaults', async () => {
    const t = vi.fn(
      (key: (typeof requestMessageKeys)[keyof typeof requestMessageKeys]) => requestMessages['zh-CN'][key],
    );
    const toast = vi.fn();
    const { adapter } = fakeNetwork(() => failure(20005));
    configureRequest({ notify: { error: toast }, navigate: vi.fn(), currentLocation: () => '/fans', t });
    await rejectionOf(createHttp({ adapter }).get('/designerapi/v1/a'));
    expect(t).toHaveBeenCalledWith(requestMessageKeys.accountMissing);
    expect(toast).toHaveBeenCalledWith('设计师账号不存在，请重新登录', 1.5);
    expect(requestMessages['zh-CN'][requestMessageKeys.loginFailed]).toBe('登录失效，请重新登录');
    expect(requestMessages['zh-CN'][requestMessageKeys.notLoggedIn]).toBe('您还未登录，请先登录');
  });

  it('§8 configureRequest installs the app’s navigation for the shared client', async () => {
    const navigate = vi.fn();
    const { adapter } = fakeNetwork(() => failure(20006));
    const client = createHttp({ adapter });
    configureRequest({ notify: { error: vi.fn() }, navigate, currentLocation: () => '/data/show-rank' });
    await rejectionOf(client.get('/designerapi/v1/a'));
    expect(navigate).toHaveBeenCalledWith(`/start/login?redirect=${encodeURIComponent('/data/show-rank')}`);
  });

  it('a success answer leaves the session alone', async () => {
    const { client } = harness(() => ({ status: 200, body: ok(1) }));
    await client.get('/designerapi/v1/a');
    expect(tokenCleared()).toBe(false);
  });
});
