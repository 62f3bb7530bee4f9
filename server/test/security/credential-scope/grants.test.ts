import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUrlQuery } from '../../../src/oss/index.ts';
import {
  BUCKET,
  ossRequest,
  startTestStore,
  storedObjectFiles,
  type TestStore,
  xmlText,
} from '../../oss/support/store.ts';
import { testDatabaseKind } from '../../support/test-app.ts';

/**
 * Issue 16 point 3, at the store: a grant opens exactly its key, at most the size its
 * create-upload declared, whatever the attacker sends.
 */
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const KB = 1024;
const IMAGE_KEY = 'designers/2/images/0123456789abcdef0123456789abcdef.png';
/** A grant as create-upload issues it for a 100-byte image. */
const imageGrant = () =>
  t.store.authority.issueUploadCredentials({
    designerId: 2,
    objectKey: IMAGE_KEY,
    maxBytes: 100,
    ttlSeconds: 900,
  });

const put = (key: string, body: Buffer, credentials = imageGrant(), headers: Record<string, string> = {}) =>
  ossRequest(t.endpoint, { method: 'PUT', key, body, credentials, headers });

async function initiate(key: string, credentials = imageGrant()): Promise<string> {
  const answer = await ossRequest(t.endpoint, {
    method: 'POST',
    key,
    subres: { uploads: null },
    credentials,
  });
  expect(answer.status).toBe(200);
  return xmlText(answer, 'UploadId')!;
}
const part = (key: string, uploadId: string, partNumber: number, body: Buffer, credentials = imageGrant()) =>
  ossRequest(t.endpoint, { method: 'PUT', key, subres: { partNumber, uploadId }, body, credentials });

describe.runIf(testDatabaseKind() === 'pglite')('credential scope: one key', () => {
  it('a write to a sibling key with an image grant is refused (AccessDenied) and stores nothing', async () => {
    const before = await storedObjectFiles(t);
    for (const key of [
      'designers/2/images/fedcba9876543210fedcba9876543210.png',
      `${IMAGE_KEY}x`,
      `${IMAGE_KEY}/x`,
      IMAGE_KEY.slice(0, -1),
      IMAGE_KEY.toUpperCase(),
    ]) {
      const answer = await put(key, Buffer.from('x'));
      expect([key, answer.status, answer.code]).toEqual([key, 403, 'AccessDenied']);
    }
    expect(await storedObjectFiles(t)).toEqual(before);
  });

  it('a write to designers/<id>/junk/1.bin (the finding) is refused, as a put and as a multipart upload', async () => {
    const junk = 'designers/2/junk/1.bin';
    expect((await put(junk, randomBytes(50))).code).toBe('AccessDenied');
    const init = await ossRequest(t.endpoint, {
      method: 'POST',
      key: junk,
      subres: { uploads: null },
      credentials: imageGrant(),
    });
    expect([init.status, init.code]).toEqual([403, 'AccessDenied']);
  });

  it("a write to another designer's key is refused", async () => {
    const answer = await put('designers/3/images/0123456789abcdef0123456789abcdef.png', Buffer.from('x'));
    expect([answer.status, answer.code]).toEqual([403, 'AccessDenied']);
  });

  it("a signed GET link for key, used on key + 'x', is refused; the link cannot write its own key either", async () => {
    await put(IMAGE_KEY, randomBytes(80));
    const sibling = `${IMAGE_KEY}x`;
    await ossRequest(t.endpoint, {
      method: 'PUT',
      key: sibling,
      body: Buffer.from('secret'),
      credentials: t.grant(sibling),
    });
    const read = t.store.authority.issueReadCredentials({ key: IMAGE_KEY, ttlSeconds: 600 });
    const link = (key: string) =>
      `${t.endpoint}/${BUCKET}/${key}?${signedUrlQuery({
        accessKeyId: read.AccessKeyId,
        accessKeySecret: read.AccessKeySecret,
        securityToken: read.SecurityToken,
        bucket: BUCKET,
        key,
        expires: Math.floor(Date.now() / 1000) + 600,
      })}`;
    expect((await fetch(link(IMAGE_KEY))).status).toBe(200);
    const other = await fetch(link(sibling));
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('<Code>AccessDenied</Code>');
    // The read grant signs a PUT just as well, and is refused: it only reads.
    const write = await ossRequest(t.endpoint, {
      method: 'PUT',
      key: IMAGE_KEY,
      body: Buffer.from('<html>'),
      credentials: read,
    });
    expect([write.status, write.code]).toEqual([403, 'AccessDenied']);
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('credential scope: the declared size', () => {
  it('a PutObject bigger than declared is refused (EntityTooLarge), by Content-Length or by the bytes sent', async () => {
    const key = 'designers/2/images/11111111111111111111111111111111.png';
    const grant = t.store.authority.issueUploadCredentials({
      designerId: 2,
      objectKey: key,
      maxBytes: 100,
      ttlSeconds: 900,
    });
    const before = await storedObjectFiles(t);
    const declared = await put(key, randomBytes(200 * KB), grant);
    expect([declared.status, declared.code]).toEqual([400, 'EntityTooLarge']);
    expect(xmlText(declared, 'MaxSizeAllowed')).toBe('100');
    // Chunked, no Content-Length: stopped once the 101st byte arrives.
    const { Readable } = await import('node:stream');
    const chunked = await ossRequest(t.endpoint, {
      method: 'PUT',
      key,
      body: Readable.from([randomBytes(60), randomBytes(60)]),
      credentials: grant,
    });
    expect([chunked.status, chunked.code]).toEqual([400, 'EntityTooLarge']);
    expect(await storedObjectFiles(t)).toEqual(before);
    expect((await put(key, randomBytes(100), grant)).status).toBe(200);
  });

  it('multipart parts summing past the declared size: the part that passes it is refused, and so is completing', async () => {
    const key = 'designers/2/videos/22222222222222222222222222222222.mp4';
    const grant = () =>
      t.store.authority.issueUploadCredentials({
        designerId: 2,
        objectKey: key,
        maxBytes: 250 * KB,
        ttlSeconds: 900,
      });
    const uploadId = await initiate(key, grant());
    expect((await part(key, uploadId, 1, randomBytes(100 * KB), grant())).status).toBe(200);
    expect((await part(key, uploadId, 2, randomBytes(100 * KB), grant())).status).toBe(200);
    const third = await part(key, uploadId, 3, randomBytes(100 * KB), grant());
    expect([third.status, third.code]).toEqual([400, 'EntityTooLarge']);
    const listed = await ossRequest(t.endpoint, {
      method: 'GET',
      key,
      subres: { uploadId },
      credentials: grant(),
    });
    expect(listed.body.toString()).not.toContain('<PartNumber>3</PartNumber>');
    // Parts sent at once cannot pass it together either: at most what is left (50 KB) lands.
    const parallel = await Promise.all(
      [4, 5, 6, 7].map((n) => part(key, uploadId, n, randomBytes(40 * KB), grant())),
    );
    expect(parallel.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    expect(parallel.filter((answer) => answer.code === 'EntityTooLarge').length).toBeGreaterThanOrEqual(3);
  });

  it('completing an upload whose parts sum past a smaller grant is refused (EntityTooLarge)', async () => {
    const key = 'designers/2/videos/33333333333333333333333333333333.mp4';
    const big = t.store.authority.issueUploadCredentials({
      designerId: 2,
      objectKey: key,
      maxBytes: 300 * KB,
      ttlSeconds: 900,
    });
    const uploadId = await initiate(key, big);
    const a = await part(key, uploadId, 1, randomBytes(120 * KB), big);
    const b = await part(key, uploadId, 2, randomBytes(120 * KB), big);
    // Refreshed credentials that declare less (a refresh always carries the row's size): the upload keeps the smaller.
    const small = t.store.authority.issueUploadCredentials({
      designerId: 2,
      objectKey: key,
      maxBytes: 200 * KB,
      ttlSeconds: 900,
    });
    const xml = Buffer.from(
      `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${a.headers.etag}</ETag></Part><Part><PartNumber>2</PartNumber><ETag>${b.headers.etag}</ETag></Part></CompleteMultipartUpload>`,
    );
    const done = await ossRequest(t.endpoint, {
      method: 'POST',
      key,
      subres: { uploadId },
      body: xml,
      credentials: small,
    });
    expect([done.status, done.code]).toEqual([400, 'EntityTooLarge']);
    expect((await ossRequest(t.endpoint, { method: 'HEAD', key, credentials: big })).status).toBe(404);
  });

  it('re-uploading one part number many times keeps one copy and never passes the size', async () => {
    const key = 'designers/2/videos/44444444444444444444444444444444.mp4';
    const grant = () =>
      t.store.authority.issueUploadCredentials({
        designerId: 2,
        objectKey: key,
        maxBytes: 150 * KB,
        ttlSeconds: 900,
      });
    const uploadId = await initiate(key, grant());
    for (let i = 0; i < 20; i++)
      expect((await part(key, uploadId, 1, randomBytes(140 * KB), grant())).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => part(key, uploadId, 1, randomBytes(140 * KB), grant())),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.code === 'EntityTooLarge')).toBe(true);
    const listed = await ossRequest(t.endpoint, {
      method: 'GET',
      key,
      subres: { uploadId },
      credentials: grant(),
    });
    expect(listed.body.toString().match(/<Part>/g)).toHaveLength(1);
    const { filesUnder } = await import('../../oss/support/store.ts');
    const partFiles = (await filesUnder(`${t.store.root}/.multipart/${uploadId}`)).filter((f) =>
      f.endsWith('.part'),
    );
    expect(partFiles).toHaveLength(1);
  });

  it('initiating many multipart uploads on one key keeps one open: the newest', async () => {
    const key = 'designers/2/videos/55555555555555555555555555555555.mp4';
    const grant = () =>
      t.store.authority.issueUploadCredentials({
        designerId: 2,
        objectKey: key,
        maxBytes: 150 * KB,
        ttlSeconds: 900,
      });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const uploadId = await initiate(key, grant());
      expect((await part(key, uploadId, 1, randomBytes(140 * KB), grant())).status).toBe(200);
      ids.push(uploadId);
    }
    for (const old of ids.slice(0, -1)) {
      const gone = await ossRequest(t.endpoint, {
        method: 'GET',
        key,
        subres: { uploadId: old },
        credentials: grant(),
      });
      expect(gone.code).toBe('NoSuchUpload');
    }
    const last = await ossRequest(t.endpoint, {
      method: 'GET',
      key,
      subres: { uploadId: ids.at(-1)! },
      credentials: grant(),
    });
    expect(last.status).toBe(200);
  });
});
