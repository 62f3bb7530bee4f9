// @vitest-environment node
// Node's Headers lower-cases names as browsers do (aws4fetch signs them as listed); happy-dom's keeps their case.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FetchLike, Timers } from '../../src/upload/environment.ts';
import { TOKEN_EXPIRY_CODES } from '../../src/upload/errors.ts';
import { S3Client } from '../../src/upload/s3-client.ts';
import { isRetryable, OssServiceError, OssTransportError } from '../../src/upload/store-client.ts';
import { BUCKET, fakeStore } from './support.ts';

const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

const ENDPOINT = 'http://127.0.0.1:7480';
const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);
const signal = () => new AbortController().signal;

const client = (fetch: FetchLike, pathStyle = true, timeoutMs = 300_000, expiresAt = NOW + 3_600_000) =>
  new S3Client({
    fetch,
    timers: realTimers,
    now: () => NOW,
    timeoutMs,
    expiresAt,
    region: 'us-east-1',
    credentials: { accessKeyId: 'ASIAKEY', secretAccessKey: 'the-secret', sessionToken: 'tok' },
    location: {
      endpoint: pathStyle ? ENDPOINT : 'https://s3.us-east-1.amazonaws.com',
      bucket: BUCKET,
      pathStyle,
    },
  });

/** A store that answers every request with `status`, `body` and `headers`, and keeps what it was sent. */
function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const sent: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, headers: init.headers, body: init.body });
    return {
      status,
      headers: { get: (name) => headers[name.toLowerCase()] ?? null },
      text: async () => body,
    };
  };
  return { fetch, sent };
}

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

describe('issue 19: S3 Signature V4 with STS credentials', () => {
  it('signs a part with AWS4-HMAC-SHA256: credential scope, session token, unsigned payload', async () => {
    const store = fakeStore();
    await client(store.fetch)
      .uploadPart('designers/7/a b.mp4', 'U1', 3, new ArrayBuffer(4), signal())
      .catch(() => undefined);
    const { headers, url } = store.requests[0]!;
    expect(url.toString()).toBe(`${ENDPOINT}/${BUCKET}/designers/7/a%20b.mp4?partNumber=3&uploadId=U1`);
    expect(headers['x-amz-date']).toBe('20250102T030405Z');
    expect(headers['x-amz-security-token']).toBe('tok');
    expect(headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIAKEY\/20250102\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );

    // The same signature, computed from the canonical request by hand (AWS's documented steps).
    const canonical = [
      'PUT',
      `/${BUCKET}/designers/7/a%20b.mp4`,
      'partNumber=3&uploadId=U1',
      'host:127.0.0.1:7480',
      'x-amz-content-sha256:UNSIGNED-PAYLOAD',
      'x-amz-date:20250102T030405Z',
      'x-amz-security-token:tok',
      '',
      'host;x-amz-content-sha256;x-amz-date;x-amz-security-token',
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = '20250102/us-east-1/s3/aws4_request';
    const toSign = [
      'AWS4-HMAC-SHA256',
      '20250102T030405Z',
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    let key = hmac('AWS4the-secret', '20250102');
    for (const part of ['us-east-1', 's3', 'aws4_request']) key = hmac(key, part);
    expect(headers.authorization).toContain(`Signature=${hmac(key, toSign).toString('hex')}`);
  });

  it('initiate sends `?uploads` with the content type, and reads the UploadId', async () => {
    const store = fakeStore();
    expect(await client(store.fetch).initiateMultipartUpload('k', 'video/mp4', signal())).toBe('UPLOAD1');
    expect(store.requests[0]!.url.search).toBe('?uploads');
    expect(store.requests[0]!.headers['content-type']).toBe('video/mp4');
  });

  it('virtual-hosted style: {scheme}://{Bucket}.{host}/{key}; the paging query is signed too', async () => {
    const { fetch, sent } = answering(
      200,
      '<ListPartsResult><IsTruncated>false</IsTruncated></ListPartsResult>',
    );
    const s3 = client(fetch, false);
    expect(s3.objectUrl('sv/1/a.mp4')).toBe(`https://${BUCKET}.s3.us-east-1.amazonaws.com/sv/1/a.mp4`);
    expect(await s3.listParts('sv/1/a.mp4', 'U', signal())).toEqual([]);
    expect(sent[0]!.url).toBe(
      `https://${BUCKET}.s3.us-east-1.amazonaws.com/sv/1/a.mp4?uploadId=U&max-parts=1000&part-number-marker=0`,
    );
    expect(sent[0]!.headers.authorization).toContain('/us-east-1/s3/aws4_request');
  });

  it('reports a part’s bytes as they go out through the FetchLike’s onUploadProgress', async () => {
    const seen: number[] = [];
    const fetch: FetchLike = async (_url, init) => {
      init.onUploadProgress?.(2);
      init.onUploadProgress?.(4);
      return { status: 200, headers: { get: () => '"etag-1"' }, text: async () => '' };
    };
    expect(
      await client(fetch).uploadPart('k', 'U', 1, new ArrayBuffer(4), signal(), (b) => seen.push(b)),
    ).toBe('etag-1');
    expect(seen).toEqual([2, 4]);
  });

  it('ListParts follows the pages to the end', async () => {
    const store = fakeStore();
    const s3 = client(store.fetch);
    const uploadId = await s3.initiateMultipartUpload('k', 'video/mp4', signal());
    for (const n of [1, 2, 3]) await s3.uploadPart('k', uploadId, n, new ArrayBuffer(n), signal());
    expect((await s3.listParts('k', uploadId, signal())).map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(store.of('listParts')).toHaveLength(2);
  });
});

describe('issue 19: S3 answers', () => {
  it("Ceph RGW's empty <ETag></ETag> on completion is a success: the header's ETag, else ''", async () => {
    const rgw = `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Location>${ENDPOINT}/${BUCKET}/k</Location><Bucket>${BUCKET}</Bucket><Key>k</Key><ETag></ETag></CompleteMultipartUploadResult>`;
    const parts = [{ partNumber: 1, etag: 'abc' }];
    expect(await client(answering(200, rgw).fetch).completeMultipartUpload('k', 'U', parts, signal())).toBe(
      '',
    );
    const withHeader = answering(200, rgw, { etag: '"0123-1"' });
    expect(await client(withHeader.fetch).completeMultipartUpload('k', 'U', parts, signal())).toBe('0123-1');
    expect(withHeader.sent[0]!.body).toContain('<Part><PartNumber>1</PartNumber><ETag>"abc"</ETag></Part>');
    const aws = answering(
      200,
      '<CompleteMultipartUploadResult><ETag>"ffff-1"</ETag></CompleteMultipartUploadResult>',
    );
    expect(await client(aws.fetch).completeMultipartUpload('k', 'U', parts, signal())).toBe('ffff-1');
  });

  it('an S3 error answer becomes OssServiceError with its status, Code, Message and RequestId', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message><BucketName>designer-console</BucketName><RequestId>tx0001</RequestId><HostId>h</HostId></Error>';
    const error = await client(answering(403, xml).fetch)
      .initiateMultipartUpload('other', 'video/mp4', signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OssServiceError);
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Access Denied',
      requestId: 'tx0001',
    });
    expect(isRetryable(error)).toBe(false);
  });

  it('an error without a body: HTTP<status>, the request id from x-amz-request-id; 5xx retryable', async () => {
    const error = await client(answering(503, '', { 'x-amz-request-id': 'tx0002' }).fetch)
      .abortMultipartUpload('k', 'U', signal())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'HTTP503', requestId: 'tx0002' });
    expect(isRetryable(error)).toBe(true);
  });

  it("Ceph RGW's NoSuchKey for ListParts of an upload that is gone is reported as NoSuchUpload (a resume starts over)", async () => {
    const xml = '<Error><Code>NoSuchKey</Code><Message></Message><RequestId>tx0003</RequestId></Error>';
    const error = await client(answering(404, xml).fetch)
      .listParts('k', 'U', signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OssServiceError);
    expect(error).toMatchObject({ status: 404, code: 'NoSuchUpload', requestId: 'tx0003' });
    // Elsewhere NoSuchKey is what it says.
    expect(
      await client(answering(404, xml).fetch)
        .abortMultipartUpload('k', 'U', signal())
        .catch((e: unknown) => e),
    ).toMatchObject({ code: 'NoSuchKey' });
  });

  it("Ceph RGW's AccessDenied for a session whose Expiration has come reads as ExpiredToken (a refresh); before it, AccessDenied stays", async () => {
    const denied =
      '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message></Message><RequestId>R1</RequestId></Error>';
    const part = (expiresAt: number) =>
      client(answering(403, denied).fetch, true, 300_000, expiresAt)
        .uploadPart('designers/7/a.mp4', 'U1', 1, new ArrayBuffer(4), signal())
        .catch((error: OssServiceError) => error.code);
    expect(await part(NOW - 1_000)).toBe('ExpiredToken');
    expect(await part(NOW + 30_000)).toBe('ExpiredToken'); // within a minute of this page's clock
    expect(await part(NOW + 3_600_000)).toBe('AccessDenied'); // another key's write, say
    expect(TOKEN_EXPIRY_CODES.has('ExpiredToken')).toBe(true);
  });

  it('a completion answered 200 with an <Error> fails; InternalError is worth a retry, InvalidPart not', async () => {
    const failing = (code: string) =>
      client(answering(200, `<Error><Code>${code}</Code><Message>m</Message></Error>`).fetch)
        .completeMultipartUpload('k', 'U', [], signal())
        .catch((e: unknown) => e);
    const internal = await failing('InternalError');
    expect(internal).toMatchObject({ code: 'InternalError' });
    expect(isRetryable(internal)).toBe(true);
    const invalid = await failing('InvalidPart');
    expect(invalid).toMatchObject({ code: 'InvalidPart' });
    expect(isRetryable(invalid)).toBe(false);
  });

  it('no answer is a network error, a slow one a timeout, as with OSS', async () => {
    const store = fakeStore();
    store.intercept(() => 'network');
    expect(
      await client(store.fetch)
        .listParts('k', 'U', signal())
        .catch((e: unknown) => e),
    ).toMatchObject({
      code: 'RequestError',
    });
    store.intercept(() => 'hang');
    const timedOut = await client(store.fetch, true, 20)
      .listParts('k', 'U', signal())
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(OssTransportError);
    expect(timedOut).toMatchObject({ kind: 'timeout', code: 'ConnectionTimeoutError' });
  });
});
