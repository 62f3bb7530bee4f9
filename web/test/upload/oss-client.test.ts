import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Timers } from '../../src/upload/environment.ts';
import { OssClient } from '../../src/upload/oss-client.ts';
import { canonicalResource, stringToSign } from '../../src/upload/oss-sign.ts';
import { parseOssError, xmlElements, xmlText } from '../../src/upload/oss-xml.ts';
import {
  isRetryable,
  OssServiceError,
  OssTransportError,
  UploadAbortedError,
} from '../../src/upload/store-client.ts';
import { BUCKET, fakeStore } from './support.ts';

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

const client = (fetch: ReturnType<typeof fakeStore>['fetch'], pathStyle = true, timeoutMs = 300_000) =>
  new OssClient({
    fetch,
    timers: realTimers,
    now: () => Date.UTC(2025, 0, 2, 3, 4, 5),
    timeoutMs,
    credentials: { accessKeyId: 'STS.KEY', accessKeySecret: 'the-secret', securityToken: 'tok' },
    location: {
      endpoint: pathStyle ? 'http://127.0.0.1:3001' : 'https://oss-cn-shanghai.aliyuncs.com',
      bucket: BUCKET,
      pathStyle,
    },
  });

describe('OSS V1 signing', () => {
  it('signs VERB, Content-MD5, Content-Type, x-oss-date, x-oss-* headers and the resource, HMAC-SHA1', async () => {
    const store = fakeStore();
    // The answer does not matter here (no upload U1 exists); the request as sent does.
    await client(store.fetch)
      .uploadPart('designers/7/a b.mp4', 'U1', 3, new ArrayBuffer(4), new AbortController().signal)
      .catch(() => undefined);
    const [request] = store.requests;
    const headers = request!.headers;
    expect(headers['x-oss-date']).toBe('Thu, 02 Jan 2025 03:04:05 GMT');
    expect(headers['x-oss-security-token']).toBe('tok');
    const expected = [
      'PUT',
      '',
      'application/octet-stream',
      'Thu, 02 Jan 2025 03:04:05 GMT',
      'x-oss-date:Thu, 02 Jan 2025 03:04:05 GMT',
      'x-oss-security-token:tok',
      `/${BUCKET}/designers/7/a b.mp4?partNumber=3&uploadId=U1`,
    ].join('\n');
    expect(
      stringToSign({
        method: 'PUT',
        headers,
        resource: canonicalResource(BUCKET, 'designers/7/a b.mp4', { uploadId: 'U1', partNumber: '3' }),
      }),
    ).toBe(expected);
    const signature = createHmac('sha1', 'the-secret').update(expected).digest('base64');
    expect(headers.Authorization).toBe(`OSS STS.KEY:${signature}`);
  });

  it('valueless sub-resources sign bare (`?uploads`), unsigned query (paging) stays out', () => {
    expect(canonicalResource('b', 'k', { uploads: undefined })).toBe('/b/k?uploads');
    expect(canonicalResource('b', 'k', {})).toBe('/b/k');
  });
});

describe('OSS addressing', () => {
  it('path style: {Endpoint}/{Bucket}/{key}, key segments encoded', () => {
    expect(client(fakeStore().fetch).objectUrl('designers/7/a b#.mp4')).toBe(
      `http://127.0.0.1:3001/${BUCKET}/designers/7/a%20b%23.mp4`,
    );
  });
  it('virtual-hosted style: {scheme}://{Bucket}.{host}/{key}', () => {
    expect(client(fakeStore().fetch, false).objectUrl('sv/1/a.mp4')).toBe(
      `https://${BUCKET}.oss-cn-shanghai.aliyuncs.com/sv/1/a.mp4`,
    );
  });
  it('initiate sends `?uploads` and reads the UploadId', async () => {
    const store = fakeStore();
    const uploadId = await client(store.fetch).initiateMultipartUpload(
      'k',
      'video/mp4',
      new AbortController().signal,
    );
    expect(uploadId).toBe('UPLOAD1');
    expect(store.requests[0]!.url.search).toBe('?uploads');
    expect(store.requests[0]!.headers['Content-Type']).toBe('video/mp4');
  });
  it('ListParts follows the pages to the end', async () => {
    const store = fakeStore();
    const oss = client(store.fetch);
    const signal = new AbortController().signal;
    const uploadId = await oss.initiateMultipartUpload('k', 'video/mp4', signal);
    for (const n of [1, 2, 3, 5, 8]) await oss.uploadPart('k', uploadId, n, new ArrayBuffer(n), signal);
    const parts = await oss.listParts('k', uploadId, signal);
    expect(parts.map((p) => [p.partNumber, p.size])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [5, 5],
      [8, 8],
    ]);
    expect(store.of('listParts')).toHaveLength(3);
  });
});

describe('OSS answers and failures', () => {
  it('an XML error answer becomes OssServiceError with its Code', async () => {
    const store = fakeStore();
    store.intercept(() => ({ status: 403, code: 'SecurityTokenExpired' }));
    const error = await client(store.fetch)
      .abortMultipartUpload('k', 'U', new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OssServiceError);
    expect(error).toMatchObject({ status: 403, code: 'SecurityTokenExpired', requestId: 'REQ1' });
    expect(isRetryable(error)).toBe(false);
  });

  it('no answer is a network error; 5xx and network errors are retryable, 4xx not', async () => {
    const store = fakeStore();
    store.intercept(() => 'network');
    const error = await client(store.fetch)
      .listParts('k', 'U', new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', code: 'RequestError' });
    expect(isRetryable(error)).toBe(true);
    expect(isRetryable(new OssServiceError(503, 'ServiceUnavailable', '', undefined))).toBe(true);
    expect(isRetryable(new OssServiceError(404, 'NoSuchUpload', '', undefined))).toBe(false);
  });

  it('an answer slower than the timeout is ConnectionTimeoutError; a caller abort is UploadAbortedError', async () => {
    const store = fakeStore();
    store.intercept(() => 'hang');
    const timedOut = await client(store.fetch, true, 20)
      .listParts('k', 'U', new AbortController().signal)
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(OssTransportError);
    expect(timedOut).toMatchObject({ kind: 'timeout', code: 'ConnectionTimeoutError' });
    const controller = new AbortController();
    const pending = client(store.fetch)
      .listParts('k', 'U', controller.signal)
      .catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(UploadAbortedError);
  });

  it('the XML reader needs no DOM: elements, entities, error fields', () => {
    const xml =
      '<Error><Code>NoSuchUpload</Code><Message>a &lt;b&gt; &amp; &#34;c&#x22;</Message><RequestId>R</RequestId></Error>';
    expect(parseOssError(xml)).toEqual({ code: 'NoSuchUpload', message: 'a <b> & "c"', requestId: 'R' });
    expect(xmlElements('<a><P>1</P><P>2</P></a>', 'P')).toEqual(['1', '2']);
    expect(xmlText('<a/>', 'P')).toBeUndefined();
  });
});
