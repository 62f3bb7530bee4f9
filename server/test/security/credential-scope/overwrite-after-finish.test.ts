import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OssError } from '../../../src/oss/errors.ts';
import { StoreLayout } from '../../../src/oss/layout.ts';
import { ObjectFiles } from '../../../src/oss/objects.ts';
import { objectStoreFor } from '../../../src/storage/index.ts';
import { BUCKET, md5Base64, type OssAnswer, ossRequest, xmlText } from '../../oss/support/store.ts';
import { mp4Bytes } from '../../support/media-bytes.ts';
import {
  call,
  createVideosApp,
  type DecodedGrant,
  decodeGrant,
  getUrl,
  type Session,
  someDesigner,
  type VideosApp,
} from '../../videos/support.ts';
import { imageGrant, originalLink, putWithGrant, realPng, videoGrant } from '../content/support.ts';

/**
 * Issue 16 point 3: an upload grant lives UPLOAD_CREDENTIAL_TTL_SECONDS (15 min) after
 * `upload-finished` checked the stored bytes. It must not be able to replace them: every write
 * grant only creates its object (OSS's `x-oss-forbid-overwrite: true`, carried in the token, so no
 * header the client sends changes it), and no grant deletes one. The server's own writes still
 * replace.
 */
let t: VideosApp;
let mallory: Session;
beforeAll(async () => {
  t = await createVideosApp();
  mallory = await someDesigner(t, 'overwrite');
});
afterAll(() => t?.close());

/** An HTML page of exactly `size` bytes, so the grant's declared size is no obstacle. */
function pageOfSize(size: number): Buffer {
  const page = Buffer.alloc(size, 0x20);
  Buffer.from('<html><script>alert(document.domain)</script>').copy(page);
  return page;
}

const oss = (grant: DecodedGrant, request: Omit<Parameters<typeof ossRequest>[1], 'key' | 'credentials'>) =>
  ossRequest(t.store.endpoint, { key: grant.address.FileName, credentials: grant.auth, ...request });

async function initiate(grant: DecodedGrant): Promise<OssAnswer> {
  return oss(grant, { method: 'POST', subres: { uploads: null } });
}

async function uploadPart(grant: DecodedGrant, uploadId: string, partNumber: number, body: Buffer) {
  const answer = await oss(grant, { method: 'PUT', subres: { partNumber, uploadId }, body });
  expect(answer.status).toBe(200);
  return String(answer.headers.etag);
}

function complete(grant: DecodedGrant, uploadId: string, parts: { number: number; etag: string }[]) {
  const items = parts.map((p) => `<Part><PartNumber>${p.number}</PartNumber><ETag>${p.etag}</ETag></Part>`);
  const body = Buffer.from(`<CompleteMultipartUpload>${items.join('')}</CompleteMultipartUpload>`);
  return oss(grant, {
    method: 'POST',
    subres: { uploadId },
    headers: { 'Content-Type': 'application/xml', 'Content-MD5': md5Base64(body) },
    body,
  });
}

/** A picture put through its grant and accepted by upload-finished: the grant, the link, the bytes. */
async function verifiedPicture(): Promise<{ grant: DecodedGrant; url: string; png: Buffer }> {
  const png = await realPng();
  const grant = await imageGrant(t, mallory, png.length);
  expect((await putWithGrant(t, grant, { bytes: png, contentType: 'image/png' })).status).toBe(200);
  const finished = await call<{ url: string }>(
    t,
    mallory,
    'POST',
    `/images/${grant.imageId}/upload-finished`,
  );
  expect(finished.code, finished.msg).toBe(200);
  return { grant, url: finished.data.url, png };
}

/** The refusal OSS gives a forbidden overwrite, naming the key. */
function expectAlreadyExists(answer: OssAnswer, key: string) {
  expect([answer.status, answer.code]).toEqual([409, 'FileAlreadyExists']);
  expect(answer.headers['content-type']).toBe('application/xml');
  expect(xmlText(answer, 'Key')).toBe(key);
}

/** The picture behind the link (and in the store) is byte for byte the verified one. */
async function expectPictureUnchanged(url: string, key: string, png: Buffer) {
  const shown = await getUrl(url);
  expect(shown.status).toBe(200);
  expect(shown.body.equals(png)).toBe(true);
  expect(shown.headers['content-type']).toBe('image/png');
  const meta = await objectStoreFor(t.app.config).head(key);
  expect(meta?.size).toBe(png.length);
}

describe('credential scope: a grant cannot replace what upload-finished verified', () => {
  it('overwrite after upload-finished by PutObject is refused (409 FileAlreadyExists), even with x-oss-forbid-overwrite: false; the picture is byte-identical', async () => {
    const { grant, url, png } = await verifiedPicture();
    const page = pageOfSize(png.length);
    const headerSets: Record<string, string>[] = [
      { 'Content-Type': 'text/html' },
      { 'Content-Type': 'text/html', 'x-oss-forbid-overwrite': 'false' },
      { 'Content-Type': 'image/png', 'x-oss-forbid-overwrite': 'true' },
    ];
    for (const headers of headerSets) {
      expectAlreadyExists(await oss(grant, { method: 'PUT', body: page, headers }), grant.address.FileName);
    }
    // The same bytes again are refused too: the grant never writes an existing object.
    expectAlreadyExists(await oss(grant, { method: 'PUT', body: png }), grant.address.FileName);
    await expectPictureUnchanged(url, grant.address.FileName, png);
  });

  it('overwrite after upload-finished by a new multipart upload is refused at InitiateMultipartUpload (409); no upload is opened', async () => {
    const { grant, url, png } = await verifiedPicture();
    const initiated = await initiate(grant);
    expectAlreadyExists(initiated, grant.address.FileName);
    expect(xmlText(initiated, 'UploadId')).toBeUndefined();
    await expectPictureUnchanged(url, grant.address.FileName, png);
  });

  it('overwrite after upload-finished by completing a second multipart upload (opened before the picture landed) is refused (409); the picture is byte-identical and the upload can only be aborted', async () => {
    const png = await realPng();
    const grant = await imageGrant(t, mallory, png.length);
    // Opened while the key was still empty, with the page as its one part, then kept in reserve.
    const opened = await initiate(grant);
    expect(opened.status).toBe(200);
    const uploadId = xmlText(opened, 'UploadId')!;
    const etag = await uploadPart(grant, uploadId, 1, pageOfSize(png.length));
    // The picture goes in by PutObject and passes upload-finished.
    expect((await putWithGrant(t, grant, { bytes: png, contentType: 'image/png' })).status).toBe(200);
    const finished = await call<{ url: string }>(
      t,
      mallory,
      'POST',
      `/images/${grant.imageId}/upload-finished`,
    );
    expect(finished.code).toBe(200);

    expectAlreadyExists(await complete(grant, uploadId, [{ number: 1, etag }]), grant.address.FileName);
    await expectPictureUnchanged(finished.data.url, grant.address.FileName, png);
    // Refused, not consumed: asking again is refused again, and the upload aborts cleanly.
    expectAlreadyExists(await complete(grant, uploadId, [{ number: 1, etag }]), grant.address.FileName);
    expect((await oss(grant, { method: 'DELETE', subres: { uploadId } })).status).toBe(204);
    await expectPictureUnchanged(finished.data.url, grant.address.FileName, png);
  });

  it('a fresh grant from refresh-upload after upload-finished cannot overwrite the picture either', async () => {
    const { grant, url, png } = await verifiedPicture();
    const refreshed = await call<{ uploadAddress: string; uploadAuth: string; imageId: string }>(
      t,
      mallory,
      'POST',
      '/vod/refresh-upload',
      { imageId: grant.imageId },
    );
    const fresh = decodeGrant(refreshed.data);
    expect(fresh.address.FileName).toBe(grant.address.FileName);
    const page = pageOfSize(png.length);
    expectAlreadyExists(await oss(fresh, { method: 'PUT', body: page }), grant.address.FileName);
    expectAlreadyExists(await initiate(fresh), grant.address.FileName);
    await expectPictureUnchanged(url, grant.address.FileName, png);
  });

  it('a DeleteObject through the grant (to PUT the page into the emptied key) is refused (403 AccessDenied); the picture stays', async () => {
    const { grant, url, png } = await verifiedPicture();
    const deleted = await oss(grant, { method: 'DELETE' });
    expect([deleted.status, deleted.code]).toEqual([403, 'AccessDenied']);
    expectAlreadyExists(
      await oss(grant, { method: 'PUT', body: pageOfSize(png.length) }),
      grant.address.FileName,
    );
    await expectPictureUnchanged(url, grant.address.FileName, png);
  });

  it('a finished video cannot be replaced through its grant, by PutObject or a new multipart upload', async () => {
    const clip = mp4Bytes(4096);
    const grant = await videoGrant(t, mallory, clip.length);
    expect((await putWithGrant(t, grant, { bytes: clip, contentType: 'video/mp4' })).status).toBe(200);
    const finished = await call<{ playUrl: string }>(
      t,
      mallory,
      'POST',
      `/videos/${grant.videoId}/upload-finished`,
      {},
    );
    expect(finished.code, finished.msg).toBe(200);
    const page = pageOfSize(clip.length);
    expectAlreadyExists(await oss(grant, { method: 'PUT', body: page }), grant.address.FileName);
    expectAlreadyExists(await initiate(grant), grant.address.FileName);
    expect((await oss(grant, { method: 'DELETE' })).code).toBe('AccessDenied');
    const played = await getUrl(await originalLink(t, grant));
    expect(played.body.equals(clip)).toBe(true);
  });

  it('two writers racing to create one key (two store processes, each its own lock): exactly one wins, the other is FileAlreadyExists, the object is the winner whole', async () => {
    const root = path.join(t.store.dataDir, 'objects');
    const key = `designers/${mallory.id}/images/${randomBytes(16).toString('hex')}.png`;
    const bodies = [randomBytes(5000), randomBytes(5000)];
    const outcomes = await Promise.allSettled(
      bodies.map(async (body, i) => {
        const layout = new StoreLayout(root);
        const temporary = layout.temporaryPath(`race-${i}`);
        await fs.writeFile(temporary, body);
        return new ObjectFiles(layout).commit(
          BUCKET,
          key,
          temporary,
          {
            size: body.length,
            etag: String(i),
            contentType: 'image/png',
            userMeta: {},
            objectType: 'Normal',
          },
          { forbidOverwrite: true },
        );
      }),
    );
    const won = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(OssError);
    expect((lost.reason as OssError).code).toBe('FileAlreadyExists');
    const opened = await new ObjectFiles(new StoreLayout(root)).open(BUCKET, key);
    try {
      expect((await fs.readFile(opened!.dataPath)).equals(bodies[won[0]!]!)).toBe(true);
    } finally {
      await opened?.file.close();
    }
    // Nothing of the loser is left beside the object: its metadata and one data file.
    const { dir, stem } = new StoreLayout(root).objectLocation(BUCKET, key);
    expect((await fs.readdir(dir)).filter((name) => name.startsWith(stem))).toHaveLength(2);
  });
});

describe('credential scope: the legitimate uploads still work', () => {
  it('a re-upload after a refused upload-finished works: the refused object was deleted, so the same grant creates the key again', async () => {
    const png = await realPng();
    const grant = await imageGrant(t, mallory, png.length);
    const page = pageOfSize(png.length);
    expect((await putWithGrant(t, grant, { bytes: page, contentType: 'image/png' })).status).toBe(200);
    const refused = await call(t, mallory, 'POST', `/images/${grant.imageId}/upload-finished`);
    expect(refused.code).toBe(40000);
    expect(await objectStoreFor(t.app.config).head(grant.address.FileName)).toBeUndefined();

    expect((await putWithGrant(t, grant, { bytes: png, contentType: 'image/png' })).status).toBe(200);
    const accepted = await call<{ url: string }>(
      t,
      mallory,
      'POST',
      `/images/${grant.imageId}/upload-finished`,
    );
    expect(accepted.code, accepted.msg).toBe(200);
    await expectPictureUnchanged(accepted.data.url, grant.address.FileName, png);
  });

  it('a retried part and a resumed upload (ListParts, then a refreshed grant) complete as before', async () => {
    const clip = mp4Bytes(150 * 1024);
    const grant = await videoGrant(t, mallory, clip.length);
    const opened = await initiate(grant);
    const uploadId = xmlText(opened, 'UploadId')!;
    const first = clip.subarray(0, 100 * 1024);
    const etag1 = await uploadPart(grant, uploadId, 1, first);
    // The answer was lost: the same part is sent again, and replaces itself.
    expect(await uploadPart(grant, uploadId, 1, first)).toBe(etag1);
    // The page is closed; later, new credentials and ListParts find where it stopped.
    const refreshed = await call<{ uploadAddress: string; uploadAuth: string; videoId: string }>(
      t,
      mallory,
      'POST',
      '/vod/refresh-upload',
      { videoId: grant.videoId },
    );
    const resumed = decodeGrant(refreshed.data);
    const listed = await oss(resumed, { method: 'GET', subres: { uploadId } });
    expect(listed.status).toBe(200);
    expect(xmlText(listed, 'PartNumber')).toBe('1');
    const etag2 = await uploadPart(resumed, uploadId, 2, clip.subarray(100 * 1024));
    const done = await complete(resumed, uploadId, [
      { number: 1, etag: etag1 },
      { number: 2, etag: etag2 },
    ]);
    expect(done.status).toBe(200);
    const finished = await call<{ playUrl: string }>(
      t,
      mallory,
      'POST',
      `/videos/${grant.videoId}/upload-finished`,
      {},
    );
    expect(finished.code, finished.msg).toBe(200);
    expect((await getUrl(await originalLink(t, grant))).body.equals(clip)).toBe(true);
  });
});
