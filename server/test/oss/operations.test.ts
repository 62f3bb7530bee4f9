import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreLayout } from '../../src/oss/layout.ts';
import { ObjectFiles } from '../../src/oss/objects.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import {
  BUCKET,
  md5Base64,
  md5Hex,
  type OssAnswer,
  ossRequest,
  startTestStore,
  storedObjectFiles,
  type TestStore,
  xmlText,
} from './support/store.ts';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const ann = () => t.credentialsFor(7);
const request = (options: Parameters<typeof ossRequest>[1]) => ossRequest(t.endpoint, options);
const KB = 1024;

async function initiate(key: string): Promise<string> {
  const answer = await request({ method: 'POST', key, subres: { uploads: null }, credentials: ann() });
  expect(answer.status).toBe(200);
  expect(xmlText(answer, 'Key')).toBe(key);
  return xmlText(answer, 'UploadId')!;
}

const uploadPart = (key: string, uploadId: string, partNumber: number, body: Buffer) =>
  request({ method: 'PUT', key, subres: { partNumber, uploadId }, body, credentials: ann() });

function completeXml(parts: { number: number; etag: string }[]): Buffer {
  const items = parts.map((p) => `<Part><PartNumber>${p.number}</PartNumber><ETag>${p.etag}</ETag></Part>`);
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>${items.join('')}</CompleteMultipartUpload>`,
  );
}

const complete = (key: string, uploadId: string, parts: { number: number; etag: string }[]) => {
  const body = completeXml(parts);
  return request({
    method: 'POST',
    key,
    subres: { uploadId },
    headers: { 'Content-Type': 'application/xml', 'Content-MD5': md5Base64(body) },
    body,
    credentials: ann(),
  });
};

const get = (key: string, headers: Record<string, string> = {}) =>
  request({ method: 'GET', key, headers, credentials: ann() });

/** The OSS multipart ETag: MD5 of the parts' binary MD5s, then `-<count>`. */
const multipartEtag = (parts: Buffer[]) =>
  `"${createHash('md5')
    .update(Buffer.concat(parts.map((p) => createHash('md5').update(p).digest())))
    .digest('hex')
    .toUpperCase()}-${parts.length}"`;

describe.runIf(testDatabaseKind() === 'pglite')('PutObject, GetObject, HeadObject, DeleteObject', () => {
  it('put stores the body; ETag is its MD5; get and head answer it with its headers', async () => {
    const body = randomBytes(5000);
    const put = await request({
      method: 'PUT',
      key: 'designers/7/a.bin',
      body,
      headers: { 'Content-Type': 'image/png', 'Content-MD5': md5Base64(body), 'x-oss-meta-origin': 'camera' },
      credentials: ann(),
    });
    expect(put.status).toBe(200);
    expect(put.headers.etag).toBe(`"${md5Hex(body)}"`);
    expect(put.headers['x-oss-request-id']).toMatch(/^[0-9A-F]{24}$/);

    const got = await get('designers/7/a.bin');
    expect(got.status).toBe(200);
    expect(got.body.equals(body)).toBe(true);
    expect(got.headers).toMatchObject({
      // Issue 16: the declared image/png is not answered; random bytes are opaque bytes.
      'content-type': 'application/octet-stream',
      'content-length': '5000',
      etag: `"${md5Hex(body)}"`,
      'accept-ranges': 'bytes',
      'x-oss-object-type': 'Normal',
      'x-oss-meta-origin': 'camera',
    });
    expect(Date.parse(String(got.headers['last-modified']))).toBeGreaterThan(Date.now() - 60_000);

    const head = await request({ method: 'HEAD', key: 'designers/7/a.bin', credentials: ann() });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers).toMatchObject({ 'content-length': '5000', etag: `"${md5Hex(body)}"` });
  });

  // Issue 16: a grant only creates its object (OSS's x-oss-forbid-overwrite, carried in the token).
  it('put again through a grant is refused (409 FileAlreadyExists) and the first object stays whole', async () => {
    await request({
      method: 'PUT',
      key: 'designers/7/b.txt',
      body: Buffer.from('first'),
      credentials: ann(),
    });
    const before = await storedObjectFiles(t);
    const again = await request({
      method: 'PUT',
      key: 'designers/7/b.txt',
      body: Buffer.from('second, longer'),
      credentials: ann(),
    });
    expect([again.status, again.code, xmlText(again, 'Key')]).toEqual([
      409,
      'FileAlreadyExists',
      'designers/7/b.txt',
    ]);
    expect((await get('designers/7/b.txt')).body.toString()).toBe('first');
    expect(await storedObjectFiles(t)).toEqual(before);
  });

  it("the server's own write replaces the object whole; the old data file is gone", async () => {
    const files = new ObjectFiles(new StoreLayout(t.store.root));
    const write = async (text: string) => {
      const temporary = path.join(t.store.root, '.tmp', `own-${randomBytes(6).toString('hex')}`);
      await fs.writeFile(temporary, text);
      await files.commit(BUCKET, 'designers/7/own.txt', temporary, {
        size: text.length,
        etag: md5Hex(Buffer.from(text)).toUpperCase(),
        contentType: 'text/plain',
        userMeta: {},
        objectType: 'Normal',
      });
    };
    await write('first');
    const before = await storedObjectFiles(t);
    await write('second, longer');
    expect((await get('designers/7/own.txt')).body.toString()).toBe('second, longer');
    expect((await storedObjectFiles(t)).length).toBe(before.length);
  });

  it('an empty object is an object', async () => {
    await request({ method: 'PUT', key: 'designers/7/empty', body: Buffer.alloc(0), credentials: ann() });
    const got = await get('designers/7/empty');
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe('0');
    expect(got.headers.etag).toBe(`"${md5Hex(Buffer.alloc(0))}"`);
  });

  // Issue 16: a delete and a new upload would replace the object; the server deletes, no grant does.
  it('a delete through a grant is refused (403 AccessDenied) and the object stays; a missing one too', async () => {
    await request({ method: 'PUT', key: 'designers/7/gone', body: Buffer.from('x'), credentials: ann() });
    const deleted = await request({ method: 'DELETE', key: 'designers/7/gone', credentials: ann() });
    expect([deleted.status, deleted.code]).toEqual([403, 'AccessDenied']);
    const got = await get('designers/7/gone');
    expect([got.status, got.body.toString()]).toEqual([200, 'x']);
    const missing = await request({ method: 'DELETE', key: 'designers/7/never', credentials: ann() });
    expect([missing.status, missing.code]).toEqual([403, 'AccessDenied']);
    const head = await request({ method: 'HEAD', key: 'designers/7/never', credentials: ann() });
    expect([head.status, head.code, head.body.length]).toEqual([404, 'NoSuchKey', 0]);
  });

  it('a chunked body (no Content-Length) is stored too', async () => {
    const { Readable } = await import('node:stream');
    const chunks = [randomBytes(70_000), randomBytes(70_000)];
    const put = await request({
      method: 'PUT',
      key: 'designers/7/chunked',
      body: Readable.from(chunks),
      credentials: ann(),
    });
    expect(put.status).toBe(200);
    expect((await get('designers/7/chunked')).body.equals(Buffer.concat(chunks))).toBe(true);
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('GetObject with Range and conditions', () => {
  const body = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
  beforeAll(async () => {
    await request({ method: 'PUT', key: 'designers/7/range', body, credentials: ann() });
  });
  const range = (value: string) => get('designers/7/range', { Range: value });

  it.each([
    ['bytes=10-19', 10, 19],
    ['bytes=95-', 95, 99],
    ['bytes=-5', 95, 99],
    ['bytes=90-500', 90, 99],
    ['bytes=0-0', 0, 0],
  ])('%s → 206 with Content-Range and those bytes', async (header, start, end) => {
    const answer = await range(header);
    expect(answer.status).toBe(206);
    expect(answer.headers['content-range']).toBe(`bytes ${start}-${end}/100`);
    expect(answer.headers['content-length']).toBe(String(end - start + 1));
    expect(answer.body.equals(body.subarray(start, end + 1))).toBe(true);
  });

  it('a start past the end → 416 InvalidRange', async () => {
    const answer = await range('bytes=100-');
    expect([answer.status, answer.code]).toEqual([416, 'InvalidRange']);
  });

  it.each(['bytes=5-2', 'bytes=0-1,3-4', 'items=0-1'])(
    '%s is ignored as OSS does: 200, whole object',
    async (h) => {
      const answer = await range(h);
      expect(answer.status).toBe(200);
      expect(answer.body.equals(body)).toBe(true);
    },
  );

  it('If-None-Match with the ETag → 304; If-Match with another → 412 PreconditionFailed', async () => {
    const etag = `"${md5Hex(body)}"`;
    expect((await get('designers/7/range', { 'If-None-Match': etag })).status).toBe(304);
    const failed = await get('designers/7/range', { 'If-Match': '"0000"' });
    expect([failed.status, failed.code]).toEqual([412, 'PreconditionFailed']);
    expect((await get('designers/7/range', { 'If-Match': etag })).status).toBe(200);
  });

  it('signed response-content-disposition overrides the answer header (a download name)', async () => {
    const answer = await request({
      method: 'GET',
      key: 'designers/7/range',
      subres: { 'response-content-disposition': 'attachment; filename="clip.bin"' },
      credentials: ann(),
    });
    expect(answer.headers['content-disposition']).toBe('attachment; filename="clip.bin"');
  });
});

describe.runIf(testDatabaseKind() === 'pglite')(
  'multipart upload: initiate, parts, list, complete, abort',
  () => {
    it('three parts listed then completed into one object; ETag in OSS form; the upload is gone after', async () => {
      const key = 'designers/7/multi.bin';
      const uploadId = await initiate(key);
      expect(uploadId).toMatch(/^[0-9A-F]{32}$/);
      const parts = [randomBytes(100 * KB), randomBytes(120 * KB), randomBytes(7)];
      const etags: string[] = [];
      for (const [index, part] of parts.entries()) {
        const answer = await uploadPart(key, uploadId, index + 1, part);
        expect(answer.status).toBe(200);
        expect(answer.headers.etag).toBe(`"${md5Hex(part)}"`);
        etags.push(String(answer.headers.etag));
      }
      // Nothing is visible before completion.
      expect((await get(key)).status).toBe(404);

      const listed = await request({ method: 'GET', key, subres: { uploadId }, credentials: ann() });
      expect(listed.status).toBe(200);
      const listedParts = [
        ...listed.body
          .toString()
          .matchAll(
            /<Part><PartNumber>(\d+)<\/PartNumber><LastModified>[^<]+<\/LastModified><ETag>([^<]+)<\/ETag><Size>(\d+)<\/Size><\/Part>/g,
          ),
      ];
      expect(listedParts.map((m) => [Number(m[1]), m[2]!.replace(/&quot;/g, '"'), Number(m[3])])).toEqual(
        parts.map((part, i) => [i + 1, etags[i], part.length]),
      );

      const page = await request({
        method: 'GET',
        key,
        subres: { uploadId },
        query: { 'max-parts': '2' },
        credentials: ann(),
      });
      expect([
        xmlText(page, 'IsTruncated'),
        xmlText(page, 'NextPartNumberMarker'),
        xmlText(page, 'MaxParts'),
      ]).toEqual(['true', '2', '2']);
      const rest = await request({
        method: 'GET',
        key,
        subres: { uploadId },
        query: { 'part-number-marker': '2' },
        credentials: ann(),
      });
      expect([xmlText(rest, 'IsTruncated'), xmlText(rest, 'PartNumber')]).toEqual(['false', '3']);

      const done = await complete(
        key,
        uploadId,
        etags.map((etag, i) => ({ number: i + 1, etag })),
      );
      expect(done.status).toBe(200);
      expect(done.headers.etag).toBe(multipartEtag(parts));
      expect(xmlText(done, 'Key')).toBe(key);
      expect(xmlText(done, 'ETag')).toBe(multipartEtag(parts).replace(/"/g, '&quot;'));
      expect(xmlText(done, 'Location')).toBe(`${t.endpoint}/designer-console/${key}`);

      const got = await get(key);
      expect(got.body.equals(Buffer.concat(parts))).toBe(true);
      expect(got.headers['x-oss-object-type']).toBe('Multipart');
      const after = await request({ method: 'GET', key, subres: { uploadId }, credentials: ann() });
      expect([after.status, after.code]).toEqual([404, 'NoSuchUpload']);
    });

    it('a part sent again is idempotent: same bytes, same ETag, one part; new bytes replace it', async () => {
      const key = 'designers/7/again.bin';
      const uploadId = await initiate(key);
      const first = randomBytes(100 * KB);
      const a = await uploadPart(key, uploadId, 1, first);
      const b = await uploadPart(key, uploadId, 1, first);
      expect(b.headers.etag).toBe(a.headers.etag);
      const listed = await request({ method: 'GET', key, subres: { uploadId }, credentials: ann() });
      expect(listed.body.toString().match(/<Part>/g)).toHaveLength(1);

      const replacement = randomBytes(100 * KB);
      const c = await uploadPart(key, uploadId, 1, replacement);
      expect(c.headers.etag).toBe(`"${md5Hex(replacement)}"`);
      const stale = await complete(key, uploadId, [{ number: 1, etag: String(a.headers.etag) }]);
      expect([stale.status, stale.code]).toEqual([400, 'InvalidPart']);
      const done = await complete(key, uploadId, [{ number: 1, etag: String(c.headers.etag) }]);
      expect(done.status).toBe(200);
      expect((await get(key)).body.equals(replacement)).toBe(true);
    });

    it('completing with some of the uploaded parts assembles those only, as OSS does', async () => {
      const key = 'designers/7/subset.bin';
      const uploadId = await initiate(key);
      const parts = [randomBytes(100 * KB), randomBytes(100 * KB), randomBytes(50)];
      const etags = [];
      for (const [i, part] of parts.entries())
        etags.push(String((await uploadPart(key, uploadId, i + 1, part)).headers.etag));
      const done = await complete(key, uploadId, [
        { number: 1, etag: etags[0]! },
        { number: 3, etag: etags[2]! },
      ]);
      expect(done.status).toBe(200);
      expect((await get(key)).body.equals(Buffer.concat([parts[0]!, parts[2]!]))).toBe(true);
    });

    it('part numbers may skip and the highest, 10000, is accepted', async () => {
      const key = 'designers/7/sparse.bin';
      const uploadId = await initiate(key);
      expect((await uploadPart(key, uploadId, 10_000, Buffer.from('last'))).status).toBe(200);
    });

    it('abort answers 204; the parts are deleted and the upload id is NoSuchUpload', async () => {
      const key = 'designers/7/abort.bin';
      const uploadId = await initiate(key);
      await uploadPart(key, uploadId, 1, randomBytes(1000));
      const aborted = await request({ method: 'DELETE', key, subres: { uploadId }, credentials: ann() });
      expect(aborted.status).toBe(204);
      const part = await uploadPart(key, uploadId, 2, randomBytes(10));
      expect([part.status, part.code]).toEqual([404, 'NoSuchUpload']);
      expect((await storedObjectFiles(t)).some((file) => file.includes(uploadId))).toBe(false);
      const again = await request({ method: 'DELETE', key, subres: { uploadId }, credentials: ann() });
      expect([again.status, again.code]).toEqual([404, 'NoSuchUpload']);
    });

    it('completion is atomic: while 24 MB of parts are assembled, readers see no object or the new one, whole', async () => {
      const key = 'designers/7/atomic.bin';
      const uploadId = await initiate(key);
      const parts = [randomBytes(8 * KB * KB), randomBytes(8 * KB * KB), randomBytes(8 * KB * KB)];
      const etags = [];
      for (const [i, part] of parts.entries())
        etags.push(String((await uploadPart(key, uploadId, i + 1, part)).headers.etag));

      let completed = false;
      const seen: OssAnswer[] = [];
      const completion = complete(
        key,
        uploadId,
        etags.map((etag, i) => ({ number: i + 1, etag })),
      ).finally(() => {
        completed = true;
      });
      while (!completed) seen.push(await request({ method: 'HEAD', key, credentials: ann() }));
      expect((await completion).status).toBe(200);
      expect(seen.length).toBeGreaterThan(0);

      const newEtag = multipartEtag(parts);
      for (const answer of seen) {
        const version = [answer.status, answer.headers['content-length'], answer.headers.etag];
        // A grant creates its object, never replaces one: before the commit there is none.
        expect([
          [404, '0', undefined],
          [200, String(24 * KB * KB), newEtag],
        ]).toContainEqual(version);
      }
      const got = await get(key);
      expect(got.body.equals(Buffer.concat(parts))).toBe(true);
    });
  },
);

describe.runIf(testDatabaseKind() === 'pglite')(
  'object keys are opaque: `../../x` is a key, never a path',
  () => {
    it('designers/7/../../x is stored inside DATA_DIR/objects under its own key and read back by it', async () => {
      const key = 'designers/7/../../x';
      const rawPath = `/designer-console/${key}`;
      const put = await request({
        method: 'PUT',
        key,
        rawPath,
        body: Buffer.from('dots'),
        credentials: ann(),
      });
      expect(put.status).toBe(200);
      const got = await request({ method: 'GET', key, rawPath, credentials: ann() });
      expect(got.body.toString()).toBe('dots');
      // An encoded variant is the same key.
      const encoded = await request({
        method: 'GET',
        key,
        rawPath: '/designer-console/designers/7/%2E%2E/%2e%2e/x',
        credentials: ann(),
      });
      expect(encoded.body.toString()).toBe('dots');
      // The key `x` (what path resolution would have made of it) does not exist.
      const resolved = await request({ method: 'GET', key: 'designers/x', credentials: t.credentialsFor(7) });
      expect(resolved.status).toBe(403);
      const { readdir } = await import('node:fs/promises');
      expect(await readdir(t.dataDir)).toEqual(['objects', 'oss-secret']);
      expect(
        (await storedObjectFiles(t)).every((file) =>
          /^designer-console\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\./.test(file),
        ),
      ).toBe(true);
    });

    it('../../x itself lies outside every designer prefix: AccessDenied, nothing stored', async () => {
      const before = await storedObjectFiles(t);
      const put = await request({
        method: 'PUT',
        key: '../../x',
        rawPath: '/designer-console/../../x',
        body: Buffer.from('escape'),
        credentials: ann(),
      });
      expect([put.status, put.code]).toEqual([403, 'AccessDenied']);
      expect(await storedObjectFiles(t)).toEqual(before);
    });
  },
);
