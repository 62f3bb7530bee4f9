import { REQUEST_RETRY_COUNT, REQUEST_RETRY_DELAY_MS } from '@dc/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRequestCancelled, RequestCancelledError, RequestError } from '../../src/request/index.ts';
import { failure, harness, ok, type Reply, rejectionOf, resetStorage } from './support.ts';

beforeEach(resetStorage);
afterEach(() => vi.useRealTimers());

/** A network whose answers the test releases one by one. */
function heldNetwork() {
  const pending: Array<(reply: Reply) => void> = [];
  const h = harness(() => new Promise<Reply>((resolve) => pending.push(resolve)));
  return { ...h, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('§7 duplicate in-flight requests', () => {
  it('§7 duplicate in-flight request with same method and URL cancels the earlier one', async () => {
    const { client, calls, pending, toast } = heldNetwork();
    const first = client.get<string>('/designerapi/v1/fans', { params: { page: 1 } });
    await flush();
    expect(calls).toHaveLength(1);
    const second = client.get<string>('/designerapi/v1/fans', { params: { page: 1 } });
    const firstError = await rejectionOf(first);
    expect(firstError).toBeInstanceOf(RequestCancelledError);
    expect(isRequestCancelled(firstError)).toBe(true);
    // The earlier request was on the network: its transport is aborted too.
    expect(calls[0]?.signal?.aborted).toBe(true);
    await flush();
    expect(calls).toHaveLength(2);
    pending[1]?.({ status: 200, body: ok('second') });
    await expect(second).resolves.toBe('second');
    expect(toast).not.toHaveBeenCalled();
  });

  it('§7 a duplicate issued in the same tick keeps the earlier one off the network', async () => {
    const { client, calls, pending } = heldNetwork();
    const first = client.get<string>('/designerapi/v1/fans');
    const second = client.get<string>('/designerapi/v1/fans');
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError);
    await flush();
    expect(calls).toHaveLength(1);
    pending[0]?.({ status: 200, body: ok('only') });
    await expect(second).resolves.toBe('only');
  });

  it('§7 the cancelled call shows no toast even when its answer is a failure', async () => {
    const { client, pending, toast } = heldNetwork();
    const first = client.post('/designerapi/v1/yiDesigner/modifyDesc', { desc: 'a' });
    await flush();
    const second = client.post('/designerapi/v1/yiDesigner/modifyDesc', { desc: 'b' });
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError);
    await flush();
    pending[0]?.(failure(50000));
    pending[1]?.({ status: 200, body: ok(null) });
    await expect(second).resolves.toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('§7 different method or URL are not duplicates', async () => {
    const { client, pending } = heldNetwork();
    const a = client.get<string>('/designerapi/v1/fans', { params: { page: 1 } });
    const b = client.get<string>('/designerapi/v1/fans', { params: { page: 2 } });
    const c = client.post<string>('/designerapi/v1/fans', {});
    const d = client.get<string>('/designerapi/v1/tags');
    await flush();
    for (const [i, release] of pending.entries()) release({ status: 200, body: ok(String(i)) });
    await expect(Promise.all([a, b, c, d])).resolves.toEqual(['0', '1', '2', '3']);
  });

  it('§7 the _t timestamp does not make two GETs of the same URL distinct', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client, pending } = heldNetwork();
    const first = client.get('/designerapi/v1/vault/balance');
    await flush();
    vi.setSystemTime(Date.now() + 5_000);
    const second = client.get<number>('/designerapi/v1/vault/balance');
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError);
    await flush();
    pending[1]?.({ status: 200, body: ok(7) });
    await expect(second).resolves.toBe(7);
  });

  it('a call may opt out of duplicate cancellation', async () => {
    const { client, pending } = heldNetwork();
    const a = client.post<string>('/designerapi/v1/fans/batch-tag', { id: 1 }, { cancelDuplicate: false });
    const b = client.post<string>('/designerapi/v1/fans/batch-tag', { id: 2 }, { cancelDuplicate: false });
    await flush();
    pending[0]?.({ status: 200, body: ok('a') });
    pending[1]?.({ status: 200, body: ok('b') });
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b']);
  });

  it('the caller’s signal and cancelAll() cancel with the same quiet error', async () => {
    const { client, toast } = heldNetwork();
    const controller = new AbortController();
    const byCaller = client.get('/designerapi/v1/a', { signal: controller.signal });
    const byLogout = client.get('/designerapi/v1/b');
    controller.abort();
    await expect(byCaller).rejects.toBeInstanceOf(RequestCancelledError);
    client.cancelAll();
    await expect(byLogout).rejects.toBeInstanceOf(RequestCancelledError);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('§7 retry', () => {
  it('§7 retry defaults: 0 attempts, 1000 ms delay', async () => {
    expect(REQUEST_RETRY_COUNT).toBe(0);
    expect(REQUEST_RETRY_DELAY_MS).toBe(1000);
    const { client, calls } = harness(() => ({ fail: 'network' }));
    await expect(client.get('/designerapi/v1/vault/balance')).rejects.toBeInstanceOf(RequestError);
    expect(calls).toHaveLength(1);
  });

  it('§7 retry count and delay are configurable per call (network errors and timeouts)', async () => {
    vi.useFakeTimers();
    const replies: Reply[] = [
      { fail: 'network' },
      { fail: 'timeout' },
      { status: 200, body: ok('third time') },
    ];
    const { client, calls } = harness(() => replies.shift()!);
    const result = client.get<string>('/designerapi/v1/vault/balance', { retryCount: 2, retryDelay: 500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(3);
    await expect(result).resolves.toBe('third time');
  });

  it('§7 the default retry delay is 1000 ms', async () => {
    vi.useFakeTimers();
    const { client, calls } = harness(() => ({ fail: 'network' }));
    const result = rejectionOf(client.get('/designerapi/v1/vault/balance', { retryCount: 1 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(await result).toMatchObject({ kind: 'network' });
  });

  it('§7 5xx answers are retried and the last failure rejects', async () => {
    vi.useFakeTimers();
    const { client, calls, toast } = harness(() => failure(50300));
    const result = rejectionOf(
      client.get('/designerapi/v1/vault/balance', { retryCount: 2, retryDelay: 10 }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(3);
    expect(await result).toMatchObject({ code: 50300, httpStatus: 503 });
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('§7 4xx answers are never retried', async () => {
    vi.useFakeTimers();
    const { client, calls } = harness(() => failure(40400));
    const result = rejectionOf(client.get('/designerapi/v1/fans/9', { retryCount: 3, retryDelay: 10 }));
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    expect(await result).toMatchObject({ code: 40400 });
  });

  it('§7 a duplicate cancels a call waiting between retries', async () => {
    vi.useFakeTimers();
    const replies: Reply[] = [{ fail: 'network' }, { status: 200, body: ok('new') }];
    const { client, calls } = harness(() => replies.shift()!);
    const first = rejectionOf(client.get('/designerapi/v1/a', { retryCount: 3, retryDelay: 1000 }));
    await vi.advanceTimersByTimeAsync(0);
    const second = client.get<string>('/designerapi/v1/a');
    expect(await first).toBeInstanceOf(RequestCancelledError);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(second).resolves.toBe('new');
    expect(calls).toHaveLength(2);
  });

  it('a timeout without retries rejects with the localised timeout message and a toast', async () => {
    const { client, toast } = harness(() => ({ fail: 'timeout' }));
    const error = await rejectionOf(client.get('/designerapi/v1/vault/balance'));
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'The request timed out, please try again later',
    });
    expect(toast).toHaveBeenCalledWith('The request timed out, please try again later', 3);
  });
});
