import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import OSS from 'ali-oss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectStorePublicUrl, type UploadCredentials } from '../../src/oss/index.ts';
import { mp4Bytes } from '../support/media-bytes.ts';
import { testDatabaseKind } from '../support/test-app.ts';
import { BUCKET, md5Hex, startTestStore, storedObjectFiles, type TestStore } from './support/store.ts';

let t: TestStore;
let workDir: string;

beforeAll(async () => {
  t = await startTestStore();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dc-ali-oss-'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

/** uploadAddress.Endpoint as the VOD API will compute it for a console opened on localhost:3000. */
const uploadEndpoint = () =>
  objectStorePublicUrl(t.config, { protocol: 'http', host: 'localhost:3000' }, t.store.port);

/**
 * The official client, configured as DESIGN says an uploader is: endpoint = uploadAddress's
 * Endpoint, path style (`sldEnable`), the temporary credentials. @types/ali-oss lacks `sldEnable`.
 */
function aliOssClient(credentials: UploadCredentials, endpoint = uploadEndpoint()): OSS {
  const options: OSS.Options & { sldEnable: boolean } = {
    region: 'oss-cn-shanghai',
    endpoint,
    bucket: BUCKET,
    accessKeyId: credentials.AccessKeyId,
    accessKeySecret: credentials.AccessKeySecret,
    stsToken: credentials.SecurityToken,
    // Hands the same credentials back; also keeps ali-oss from warning that none is set.
    refreshSTSToken: async () => ({
      accessKeyId: credentials.AccessKeyId,
      accessKeySecret: credentials.AccessKeySecret,
      stsToken: credentials.SecurityToken,
    }),
    sldEnable: true,
    secure: false,
  };
  return new OSS(options);
}

describe.runIf(testDatabaseKind() === 'pglite')(
  'ali-oss, the official client, against the embedded store',
  () => {
    it('multipartUpload of a 3 MB file in 100 KB parts, read back by range, head; delete and put again refused', async () => {
      const file = path.join(workDir, 'clip.mp4');
      // An MP4's head: the store answers the type it reads in the bytes, not the one declared.
      const content = mp4Bytes(3 * 1024 * 1024 + 12_345);
      await fs.writeFile(file, content);
      const key = 'designers/7/videos/clip.mp4';
      const client = aliOssClient(t.grant(key));
      const progress: number[] = [];

      const result = await client.multipartUpload(key, file, {
        partSize: 100 * 1024,
        progress: (fraction: number) => {
          progress.push(fraction);
        },
      });
      expect(result.res.status).toBe(200);
      expect(progress.at(-1)).toBe(1);
      const parts = Math.ceil(content.length / (100 * 1024));
      expect(result.etag).toMatch(new RegExp(`^"[0-9A-F]{32}-${parts}"$`));

      const range = await client.get(key, { headers: { Range: 'bytes=100-199' } });
      expect(range.res.status).toBe(206);
      expect(Buffer.compare(range.content as Buffer, content.subarray(100, 200))).toBe(0);

      const whole = await client.get(key);
      expect(whole.res.status).toBe(200);
      expect(md5Hex(whole.content as Buffer)).toBe(md5Hex(content));

      const head = await client.head(key);
      expect(head.status).toBe(200);
      expect(head.res.headers).toMatchObject({
        'content-length': String(content.length),
        'content-type': 'video/mp4',
        etag: result.etag,
        'x-oss-object-type': 'Multipart',
      });

      // Issue 16: an upload grant creates its object; it neither replaces nor deletes it.
      await expect(client.delete(key)).rejects.toMatchObject({ status: 403, code: 'AccessDenied' });
      await expect(client.put(key, Buffer.from('<html>'))).rejects.toMatchObject({
        status: 409,
        code: 'FileAlreadyExists',
      });
      expect((await client.head(key)).res.headers).toMatchObject({ etag: result.etag });
    });

    it('put of a small object, with user metadata, and get of it', async () => {
      const client = aliOssClient(t.grant('designers/7/covers/a.jpg'));
      const content = Buffer.from('a small cover image, pretend');
      // @types/ali-oss wrongly demands uid and pid in every UserMeta.
      const meta = { shot: 'front' } as unknown as OSS.UserMeta;
      const put = await client.put('designers/7/covers/a.jpg', content, { meta });
      expect(put.res.status).toBe(200);
      const got = await client.get('designers/7/covers/a.jpg');
      expect(got.content.toString()).toBe(content.toString());
      expect(got.res.headers).toMatchObject({ etag: `"${md5Hex(content)}"`, 'x-oss-meta-shot': 'front' });
      const head = await client.head('designers/7/covers/a.jpg');
      expect(head.meta).toEqual({ shot: 'front' });
    });

    it('a file under 100 KB goes through multipartUpload as one put', async () => {
      const client = aliOssClient(t.grant('designers/7/small.bin'));
      const content = randomBytes(10_000);
      await client.multipartUpload('designers/7/small.bin', content, {});
      expect(md5Hex((await client.get('designers/7/small.bin')).content as Buffer)).toBe(md5Hex(content));
    });

    it('initMultipartUpload, uploadPart, listParts, abortMultipartUpload; then the upload is gone', async () => {
      const key = 'designers/7/aborted.bin';
      const client = aliOssClient(t.grant(key));
      const file = path.join(workDir, 'parts.bin');
      await fs.writeFile(file, randomBytes(300 * 1024));
      const { uploadId } = await client.initMultipartUpload(key);
      await client.uploadPart(key, uploadId, 1, file, 0, 150 * 1024);
      await client.uploadPart(key, uploadId, 2, file, 150 * 1024, 300 * 1024);
      const listed = await client.listParts(key, uploadId, {} as OSS.ListPartsQuery);
      // At run time ali-oss hands back the XML's text: PartNumber and Size as strings (@types says otherwise).
      const parts = listed.parts as unknown as { PartNumber: string; Size: string }[];
      expect(parts.map((part) => [part.PartNumber, part.Size])).toEqual([
        ['1', String(150 * 1024)],
        ['2', String(150 * 1024)],
      ]);
      await client.abortMultipartUpload(key, uploadId);
      await expect(client.listParts(key, uploadId, {} as OSS.ListPartsQuery)).rejects.toMatchObject({
        status: 404,
        code: 'NoSuchUpload',
      });
    });

    it('expired credentials: ali-oss reports SecurityTokenExpired (403) and nothing is stored', async () => {
      const client = aliOssClient(await t.expiredCredentialsFor(7));
      const before = await storedObjectFiles(t);
      await expect(client.put('designers/7/late.bin', randomBytes(1000))).rejects.toMatchObject({
        status: 403,
        code: 'SecurityTokenExpired',
      });
      await expect(
        client.multipartUpload('designers/7/late.bin', randomBytes(300 * 1024), {}),
      ).rejects.toMatchObject({
        status: 403,
        code: 'SecurityTokenExpired',
      });
      expect(await storedObjectFiles(t)).toEqual(before);
    });

    it('signatureUrl: a signed link (a <video src>) reads the object without headers', async () => {
      const client = aliOssClient(t.grant('designers/7/link.bin'));
      const content = randomBytes(2048);
      await client.put('designers/7/link.bin', content);
      const url = client.signatureUrl('designers/7/link.bin', { expires: 600 });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
      const ranged = await fetch(url, { headers: { Range: 'bytes=0-9' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(content.subarray(0, 10))).toBe(true);
    });

    it('an IP endpoint works too (ali-oss then rewrites Host to a virtual-hosted name; the path decides)', async () => {
      const client = aliOssClient(t.grant('designers/7/ip.txt'), t.store.url);
      await client.put('designers/7/ip.txt', Buffer.from('by IP'));
      expect((await client.get('designers/7/ip.txt')).content.toString()).toBe('by IP');
    });
  },
);
