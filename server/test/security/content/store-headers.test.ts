import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectReadLink } from '../../../src/media/read-links.ts';
import { demoPictureKey, imageInStore, signedImageLink } from '../../../src/modules/image-files/store.ts';
import { demoCoverKey, demoVideoKey } from '../../../src/seed/media/fixtures.ts';
import { ossRequest } from '../../oss/support/store.ts';
import { mp4Bytes } from '../../support/media-bytes.ts';
import {
  call,
  createVideosApp,
  type DecodedGrant,
  getUrl,
  type Session,
  someDesigner,
  type VideosApp,
} from '../../videos/support.ts';
import {
  expectInert,
  HTML_PAGE,
  imageGrant,
  originalLink,
  putWithGrant,
  realPng,
  SVG_FOREIGN_OBJECT,
  videoGrant,
  XML_DOCUMENT,
} from './support.ts';

/**
 * Issue 16 point 1: whatever the bytes and whatever the uploader declares or signs, the store
 * answers a type it decided from the bytes, with nosniff and a sandbox CSP, and a download for
 * anything the console does not show in place.
 */
let t: VideosApp;
let mallory: Session;
beforeAll(async () => {
  t = await createVideosApp();
  mallory = await someDesigner(t, 'mallory');
});
afterAll(() => t?.close());

/** A GET (or HEAD) signed by the uploader with their own grant, with any sub-resources. */
const selfSigned = (
  grant: DecodedGrant,
  subres: Record<string, string> = {},
  headers: Record<string, string> = {},
  method = 'GET',
) =>
  ossRequest(t.store.endpoint, {
    method,
    key: grant.address.FileName,
    subres,
    headers,
    credentials: grant.auth,
  });

describe('content: the store decides the type', () => {
  it('an HTML page PUT as .png with text/html is answered as application/octet-stream, a download, nosniff and sandboxed — before upload-finished ever looks at it', async () => {
    const grant = await imageGrant(t, mallory, HTML_PAGE.length);
    expect((await putWithGrant(t, grant, { bytes: HTML_PAGE, contentType: 'text/html' })).status).toBe(200);
    for (const method of ['GET', 'HEAD']) {
      const answer = await selfSigned(grant, {}, {}, method);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/octet-stream');
      expect(answer.headers['content-disposition']).toBe('attachment');
      expectInert(answer.headers);
    }
  });

  it('a self-signed GET with response-content-type=text/html and an inline disposition still answers the decided type, a download', async () => {
    const grant = await imageGrant(t, mallory, HTML_PAGE.length);
    await putWithGrant(t, grant, { bytes: HTML_PAGE, contentType: 'text/html' });
    const answer = await selfSigned(grant, {
      'response-content-type': 'text/html; charset=utf-8',
      'response-content-disposition': 'inline',
      'response-content-encoding': 'identity',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-disposition']).toBe('attachment');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expectInert(answer.headers);
  });

  it('a self-signed response-content-type=text/html on a real picture answers image/png; a download name is still allowed', async () => {
    const png = await realPng();
    const grant = await imageGrant(t, mallory, png.length);
    await putWithGrant(t, grant, { bytes: png, contentType: 'text/html' });
    const typed = await selfSigned(grant, { 'response-content-type': 'text/html' });
    expect(typed.headers['content-type']).toBe('image/png');
    expect(typed.headers['content-disposition']).toBeUndefined();
    expectInert(typed.headers);
    const named = await selfSigned(grant, { 'response-content-disposition': 'attachment; filename="a.png"' });
    expect(named.headers['content-disposition']).toBe('attachment; filename="a.png"');
  });

  it('the HTML/PNG polyglot (a whole PNG, then a page) that decodes is only ever answered as image/png, nosniff, sandboxed', async () => {
    const polyglot = Buffer.concat([await realPng(), HTML_PAGE]);
    const grant = await imageGrant(t, mallory, polyglot.length);
    await putWithGrant(t, grant, { bytes: polyglot, contentType: 'text/html' });
    const finished = await call<{ url: string }>(
      t,
      mallory,
      'POST',
      `/images/${grant.imageId}/upload-finished`,
    );
    expect(finished.code).toBe(200);
    const shown = await getUrl(finished.data.url);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expectInert(shown.headers);
    const overridden = await selfSigned(grant, { 'response-content-type': 'text/html' });
    expect(overridden.headers['content-type']).toBe('image/png');
  });

  it('an SVG, an XML document and random bytes are opaque downloads whatever they were declared as', async () => {
    for (const [bytes, contentType] of [
      [SVG_FOREIGN_OBJECT, 'image/svg+xml'],
      [SVG_FOREIGN_OBJECT, 'image/png'],
      [XML_DOCUMENT, 'application/xml'],
      [randomBytes(512), 'video/mp4'],
    ] as const) {
      const grant = await videoGrant(t, mallory, bytes.length);
      await putWithGrant(t, grant, { bytes, contentType });
      const answer = await selfSigned(grant);
      expect(answer.headers['content-type']).toBe('application/octet-stream');
      expect(answer.headers['content-disposition']).toBe('attachment');
      expectInert(answer.headers);
    }
  });

  // Was "…then overwritten with HTML through the same grant, is answered as opaque bytes": a grant
  // now only creates its object (credential-scope/overwrite-after-finish.test.ts), so the
  // overwrite itself is refused and the verified picture is what the link serves.
  it('a picture verified at upload-finished cannot be overwritten with HTML through the same grant (409 FileAlreadyExists); the link still serves the picture', async () => {
    const png = await realPng();
    // A page of exactly the picture's size, so the grant's size cap is no obstacle.
    const page = Buffer.alloc(png.length, 0x20);
    Buffer.from('<html><script>alert(1)</script>').copy(page);
    const grant = await imageGrant(t, mallory, png.length);
    await putWithGrant(t, grant, { bytes: png, contentType: 'image/png' });
    const finished = await call<{ url: string }>(
      t,
      mallory,
      'POST',
      `/images/${grant.imageId}/upload-finished`,
    );
    expect(finished.code).toBe(200);
    const overwrite = await putWithGrant(t, grant, { bytes: page, contentType: 'text/html' });
    expect([overwrite.status, overwrite.code]).toEqual([409, 'FileAlreadyExists']);
    expectInert(overwrite.headers);
    const shown = await getUrl(finished.data.url);
    expect(shown.body.equals(png)).toBe(true);
    expect(shown.headers['content-type']).toBe('image/png');
    expectInert(shown.headers);
  });

  it('a video the uploader declared as text/html is answered as video/mp4, shown in place', async () => {
    const clip = mp4Bytes(4096);
    const grant = await videoGrant(t, mallory, clip.length);
    await putWithGrant(t, grant, { bytes: clip, contentType: 'text/html' });
    const finished = await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    expect(finished.code).toBe(200);
    const played = await getUrl(await originalLink(t, grant));
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.headers['content-disposition']).toBeUndefined();
    expectInert(played.headers);
  });
});

describe('content: every answer of the store is inert', () => {
  it('206 (Range), 304 (If-None-Match) and HEAD answers carry nosniff and the sandbox CSP', async () => {
    const clip = mp4Bytes(4096);
    const grant = await videoGrant(t, mallory, clip.length);
    await putWithGrant(t, grant, { bytes: clip, contentType: 'video/mp4' });
    const finished = await call(t, mallory, 'POST', `/videos/${grant.videoId}/upload-finished`, {});
    expect(finished.code).toBe(200);
    const link = await originalLink(t, grant);
    const partial = await getUrl(link, { Range: 'bytes=0-99' });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-type']).toBe('video/mp4');
    expectInert(partial.headers);
    const whole = await getUrl(link);
    const notModified = await getUrl(link, { 'If-None-Match': String(whole.headers.etag) });
    expect(notModified.status).toBe(304);
    expectInert(notModified.headers);
    const head = await selfSigned(grant, {}, {}, 'HEAD');
    expect(head.status).toBe(200);
    expectInert(head.headers);
  });

  it('error answers (an unsigned GET, a missing key) carry them too', async () => {
    const unsigned = await ossRequest(t.store.endpoint, { method: 'GET', key: `designers/${mallory.id}/x` });
    expect(unsigned.status).toBe(403);
    expectInert(unsigned.headers);
    const grant = await imageGrant(t, mallory, 10);
    const missing = await selfSigned(grant);
    expect(missing.status).toBe(404);
    expectInert(missing.headers);
  });
});

describe('content: the seed path', () => {
  it('demo pictures and demo videos are written by the server and served as image/png, image/jpeg and video/webm, inert', async () => {
    const config = t.app.config;
    const origin = { protocol: 'http', host: new URL(t.store.endpoint).host };
    const picture = demoPictureKey(null, 'provider-1');
    expect(await imageInStore(t.db, config, picture)).toBe(true);
    const pictureAnswer = await getUrl((await signedImageLink(config, picture, origin, config.now()))!);
    expect(pictureAnswer.status).toBe(200);
    expect(pictureAnswer.headers['content-type']).toBe('image/png');
    expectInert(pictureAnswer.headers);

    for (const [key, type] of [
      [demoCoverKey(mallory.id, 0), 'image/jpeg'],
      [demoVideoKey(mallory.id, 0), 'video/webm'],
    ] as const) {
      const link = await objectReadLink(config, key, origin, config.now());
      const answer = await getUrl(link!.url);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.headers['content-disposition']).toBeUndefined();
      expectInert(answer.headers);
    }
  });
});
