import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadCredentials } from '../../src/oss/index.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import {
  filesUnder,
  md5Base64,
  type OssAnswer,
  ossRequest,
  startTestStore,
  type TestStore,
  xmlText,
} from './support/store.ts';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const request = (options: Parameters<typeof ossRequest>[1]) => ossRequest(t.endpoint, options);
const KB = 1024;
const KEY = 'designers/7/video.mp4';

/** Every file in the store but the ones kept for open uploads made on purpose. */
let filesBefore: string[];
beforeEach(async () => {
  filesBefore = await filesUnder(t.store.root);
});
const expectNothingStored = async () => expect(await filesUnder(t.store.root)).toEqual(filesBefore);

function expectOssError(answer: OssAnswer, status: number, code: string) {
  expect([answer.status, answer.code]).toEqual([status, code]);
  if (answer.body.length > 0) {
    expect(answer.headers['content-type']).toBe('application/xml');
    const xml = answer.body.toString();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>/);
    expect(xmlText(answer, 'Message')).toBeTruthy();
    expect(xmlText(answer, 'RequestId')).toBe(answer.headers['x-oss-request-id']);
    expect(xmlText(answer, 'HostId')).toBe(`localhost:${t.store.port}`);
  }
}

const put = (
  credentials: UploadCredentials | undefined,
  extra: Partial<Parameters<typeof ossRequest>[1]> = {},
) => request({ method: 'PUT', key: KEY, body: randomBytes(2000), credentials, ...extra });

/** A security token with its payload re-written (its MAC then no longer matches). */
function withPayload(token: string, edit: (payload: Record<string, unknown>) => void): string {
  const [version, encoded, mac] = token.split('.');
  const payload = JSON.parse(Buffer.from(encoded!, 'base64url').toString()) as Record<string, unknown>;
  edit(payload);
  return `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
}

describe.runIf(testDatabaseKind() === 'pglite')('credentials refused, in OSS XML, and nothing stored', () => {
  it('no signature at all → 403 AccessDenied', async () => {
    expectOssError(await put(undefined), 403, 'AccessDenied');
    await expectNothingStored();
  });

  it('a key id that is not one of ours → 403 InvalidAccessKeyId', async () => {
    const genuine = t.credentialsFor(7);
    expectOssError(
      await put({ ...genuine, AccessKeyId: 'LTAI5tFakeLongTermKey' }),
      403,
      'InvalidAccessKeyId',
    );
    await expectNothingStored();
  });

  it('an STS key id and secret made up, with a made-up token → 403 InvalidAccessKeyId', async () => {
    const forged = {
      AccessKeyId: 'STS.FORGED',
      AccessKeySecret: 'guess',
      SecurityToken: 'v1.e30.AAAA',
      Expiration: '',
    };
    expectOssError(await put(forged), 403, 'InvalidAccessKeyId');
    await expectNothingStored();
  });

  it('a genuine token edited to widen its key or size or extend its expiry → 403 InvalidAccessKeyId', async () => {
    const genuine = t.credentialsFor(7);
    const widened = withPayload(genuine.SecurityToken, (p) => {
      p.key = KEY;
      p.max = Number.MAX_SAFE_INTEGER;
    });
    expectOssError(await put({ ...genuine, SecurityToken: widened }), 403, 'InvalidAccessKeyId');
    const extended = withPayload(genuine.SecurityToken, (p) => {
      p.exp = Number(p.exp) + 86_400;
    });
    expectOssError(await put({ ...genuine, SecurityToken: extended }), 403, 'InvalidAccessKeyId');
    await expectNothingStored();
  });

  it("one credential's key id and secret with another's security token → 403 InvalidAccessKeyId", async () => {
    const mine = t.credentialsFor(7);
    const theirs = t.credentialsFor(7);
    expectOssError(await put({ ...mine, SecurityToken: theirs.SecurityToken }), 403, 'InvalidAccessKeyId');
    await expectNothingStored();
  });

  it('the right key id and token signed with a wrong secret → 403 SignatureDoesNotMatch, with the StringToSign', async () => {
    const genuine = t.credentialsFor(7);
    const answer = await put({ ...genuine, AccessKeySecret: 'not-the-secret' });
    expectOssError(answer, 403, 'SignatureDoesNotMatch');
    expect(xmlText(answer, 'StringToSign')).toContain(`/designer-console/${KEY}`);
    expect(xmlText(answer, 'OSSAccessKeyId')).toBe(genuine.AccessKeyId);
    await expectNothingStored();
  });

  it("a signature that is not this request's → 403 SignatureDoesNotMatch", async () => {
    const genuine = t.credentialsFor(7);
    const answer = await put(genuine, { signature: 'c2lnbmF0dXJlLW9mLWFub3RoZXItcmVxdWVzdA==' });
    expectOssError(answer, 403, 'SignatureDoesNotMatch');
    await expectNothingStored();
  });

  it('expired credentials → 403 SecurityTokenExpired, for a put and for a part', async () => {
    const expired = await t.expiredCredentialsFor(7);
    expectOssError(await put(expired), 403, 'SecurityTokenExpired');
    const init = await request({ method: 'POST', key: KEY, subres: { uploads: null }, credentials: expired });
    expectOssError(init, 403, 'SecurityTokenExpired');
    await expectNothingStored();
  });

  it('a request dated an hour ago → 403 RequestTimeTooSkewed (a captured request cannot be replayed later)', async () => {
    const stale = new Date(Date.now() - 3600_000).toUTCString();
    expectOssError(
      await put(t.credentialsFor(7), { headers: { 'x-oss-date': stale } }),
      403,
      'RequestTimeTooSkewed',
    );
    await expectNothingStored();
  });

  it("another designer's genuine credentials → 403 AccessDenied, for writing, reading and deleting", async () => {
    await put(t.credentialsFor(7));
    filesBefore = await filesUnder(t.store.root);
    const bob = t.credentialsFor(8);
    expectOssError(await put(bob), 403, 'AccessDenied');
    expectOssError(await request({ method: 'GET', key: KEY, credentials: bob }), 403, 'AccessDenied');
    expectOssError(await request({ method: 'DELETE', key: KEY, credentials: bob }), 403, 'AccessDenied');
    expectOssError(
      await request({ method: 'POST', key: KEY, subres: { uploads: null }, credentials: bob }),
      403,
      'AccessDenied',
    );
    await expectNothingStored();
  });

  it('a V4 (OSS4-HMAC-SHA256) Authorization → 400 InvalidArgument naming the supported scheme', async () => {
    const answer = await request({
      method: 'GET',
      key: KEY,
      headers: {
        Authorization:
          'OSS4-HMAC-SHA256 Credential=STS.X/20250101/cn-shanghai/oss/aliyun_v4_request,Signature=00',
      },
    });
    expectOssError(answer, 400, 'InvalidArgument');
    expect(xmlText(answer, 'Message')).toContain('signature version 1');
  });

  it('HEAD errors carry the XML in x-oss-err (HEAD has no body)', async () => {
    const answer = await request({
      method: 'HEAD',
      key: 'designers/7/none',
      credentials: t.credentialsFor(7),
    });
    expect(answer.body.length).toBe(0);
    const xml = Buffer.from(String(answer.headers['x-oss-err']), 'base64').toString();
    expect(xml).toContain('<Code>NoSuchKey</Code>');
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('multipart errors', () => {
  const MKEY = 'designers/7/multipart.mp4';
  const ann = () => t.credentialsFor(7);
  async function initiate(key = MKEY): Promise<string> {
    const answer = await request({ method: 'POST', key, subres: { uploads: null }, credentials: ann() });
    return xmlText(answer, 'UploadId')!;
  }
  const part = (uploadId: string, partNumber: number | string, body: Buffer, key = MKEY) =>
    request({ method: 'PUT', key, subres: { partNumber, uploadId }, body, credentials: ann() });
  const complete = (uploadId: string, xml: string) => {
    const body = Buffer.from(xml);
    return request({
      method: 'POST',
      key: MKEY,
      subres: { uploadId },
      headers: { 'Content-Type': 'application/xml', 'Content-MD5': md5Base64(body) },
      body,
      credentials: ann(),
    });
  };
  const partsXml = (parts: [number, string][]) =>
    `<CompleteMultipartUpload>${parts.map(([n, e]) => `<Part><PartNumber>${n}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;

  it('a part for an unknown upload → 404 NoSuchUpload, and its bytes are not kept', async () => {
    const unknown = randomBytes(16).toString('hex').toUpperCase();
    const answer = await part(unknown, 1, randomBytes(200 * KB));
    expectOssError(answer, 404, 'NoSuchUpload');
    expect(xmlText(answer, 'UploadId')).toBe(unknown);
    await expectNothingStored();
  });

  it('an upload id that is a path (../../etc) → NoSuchUpload, never a file lookup outside the store', async () => {
    expectOssError(await part('../../../etc', 1, Buffer.from('x')), 404, 'NoSuchUpload');
    expectOssError(
      await request({ method: 'DELETE', key: MKEY, subres: { uploadId: '..' }, credentials: ann() }),
      404,
      'NoSuchUpload',
    );
    await expectNothingStored();
  });

  it("an upload id used with another object's key → NoSuchUpload", async () => {
    const uploadId = await initiate();
    expectOssError(await part(uploadId, 1, Buffer.from('x'), 'designers/7/other.mp4'), 404, 'NoSuchUpload');
  });

  it('list, complete and abort of an unknown upload → NoSuchUpload', async () => {
    const unknown = randomBytes(16).toString('hex').toUpperCase();
    expectOssError(
      await request({ method: 'GET', key: MKEY, subres: { uploadId: unknown }, credentials: ann() }),
      404,
      'NoSuchUpload',
    );
    expectOssError(await complete(unknown, partsXml([[1, '"00"']])), 404, 'NoSuchUpload');
    expectOssError(
      await request({ method: 'DELETE', key: MKEY, subres: { uploadId: unknown }, credentials: ann() }),
      404,
      'NoSuchUpload',
    );
  });

  it('a part under 100 KB that is not the last → 400 EntityTooSmall at completion; the upload stays open', async () => {
    const uploadId = await initiate();
    const small = await part(uploadId, 1, randomBytes(100 * KB - 1));
    const last = await part(uploadId, 2, randomBytes(10));
    const answer = await complete(
      uploadId,
      partsXml([
        [1, String(small.headers.etag)],
        [2, String(last.headers.etag)],
      ]),
    );
    expectOssError(answer, 400, 'EntityTooSmall');
    expect(xmlText(answer, 'PartNumber')).toBe('1');
    expect(xmlText(answer, 'MinSizeAllowed')).toBe(String(100 * KB));
    expect(
      (await request({ method: 'GET', key: MKEY, subres: { uploadId }, credentials: ann() })).status,
    ).toBe(200);
    expect((await request({ method: 'GET', key: MKEY, credentials: ann() })).status).toBe(404);
  });

  it.each(['10001', '0', '-1', '1.5', 'x'])(
    'part number %s → 400 InvalidArgument (at most 10000 parts), nothing kept',
    async (n) => {
      const uploadId = await initiate();
      filesBefore = await filesUnder(t.store.root);
      const answer = await part(uploadId, n, randomBytes(1000));
      expectOssError(answer, 400, 'InvalidArgument');
      expect(xmlText(answer, 'ArgumentName')).toBe('partNumber');
      await expectNothingStored();
    },
  );

  it('parts listed out of order → 400 InvalidPartOrder; an ETag that does not match → 400 InvalidPart', async () => {
    const uploadId = await initiate();
    const one = await part(uploadId, 1, randomBytes(100 * KB));
    const two = await part(uploadId, 2, randomBytes(10));
    const e1 = String(one.headers.etag);
    const e2 = String(two.headers.etag);
    expectOssError(
      await complete(
        uploadId,
        partsXml([
          [2, e2],
          [1, e1],
        ]),
      ),
      400,
      'InvalidPartOrder',
    );
    expectOssError(
      await complete(
        uploadId,
        partsXml([
          [1, e1],
          [1, e1],
        ]),
      ),
      400,
      'InvalidPartOrder',
    );
    expectOssError(
      await complete(
        uploadId,
        partsXml([
          [1, e1],
          [2, e1],
        ]),
      ),
      400,
      'InvalidPart',
    );
    expectOssError(
      await complete(
        uploadId,
        partsXml([
          [1, e1],
          [3, e2],
        ]),
      ),
      400,
      'InvalidPart',
    );
  });

  it('a completion body that is not the expected XML → 400 MalformedXML', async () => {
    const uploadId = await initiate();
    expectOssError(await complete(uploadId, '<Nope/>'), 400, 'MalformedXML');
    expectOssError(
      await complete(uploadId, '<CompleteMultipartUpload></CompleteMultipartUpload>'),
      400,
      'MalformedXML',
    );
    expectOssError(
      await complete(
        uploadId,
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><CompleteMultipartUpload>&e;</CompleteMultipartUpload>',
      ),
      400,
      'MalformedXML',
    );
  });

  it('a body that does not match its Content-MD5 → 400 InvalidDigest, nothing kept', async () => {
    const body = randomBytes(3000);
    const answer = await put(t.credentialsFor(7), {
      body,
      headers: { 'Content-MD5': md5Base64(Buffer.from('other')) },
    });
    expectOssError(answer, 400, 'InvalidDigest');
    await expectNothingStored();
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('requests outside the supported subset', () => {
  it('another bucket → 404 NoSuchBucket; the bucket itself or the service → 501 NotImplemented', async () => {
    const creds = t.credentialsFor(7);
    expectOssError(
      await request({ method: 'GET', key: KEY, bucket: 'someone-elses', credentials: creds }),
      404,
      'NoSuchBucket',
    );
    expectOssError(
      await request({ method: 'GET', key: '', rawPath: '/designer-console/', credentials: creds }),
      501,
      'NotImplemented',
    );
    expectOssError(
      await request({ method: 'GET', key: '', rawPath: '/', credentials: creds }),
      501,
      'NotImplemented',
    );
  });

  it('an unsupported sub-resource (?acl, ?append) → 501 NotImplemented; PATCH → 405 MethodNotAllowed', async () => {
    const creds = t.credentialsFor(7);
    expectOssError(
      await request({ method: 'GET', key: KEY, subres: { acl: null }, credentials: creds }),
      501,
      'NotImplemented',
    );
    expectOssError(
      await request({ method: 'POST', key: KEY, subres: { append: null, position: 0 }, credentials: creds }),
      501,
      'NotImplemented',
    );
    expectOssError(await request({ method: 'PATCH', key: KEY, credentials: creds }), 405, 'MethodNotAllowed');
  });

  it('a key starting with / or longer than 1023 bytes → 400 InvalidObjectName', async () => {
    const creds = t.credentialsFor(7);
    expectOssError(
      await request({ method: 'GET', key: '', rawPath: '/designer-console//x', credentials: creds }),
      400,
      'InvalidObjectName',
    );
    expectOssError(
      await request({ method: 'GET', key: `designers/7/${'a'.repeat(1100)}`, credentials: creds }),
      400,
      'InvalidObjectName',
    );
    expectOssError(
      await request({ method: 'GET', key: '', rawPath: '/designer-console/%E0%A4%A', credentials: creds }),
      400,
      'InvalidObjectName',
    );
  });
});
