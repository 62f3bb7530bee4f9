import type { IncomingHttpHeaders } from 'node:http';
import sharp from 'sharp';
import { expect } from 'vitest';
import { objectReadLink } from '../../../src/media/read-links.ts';
import { objectStoreFor } from '../../../src/storage/index.ts';
import { type OssAnswer, ossRequest } from '../../oss/support/store.ts';
import { call, type DecodedGrant, decodeGrant, type Session, type VideosApp } from '../../videos/support.ts';

/** What an attacker uploads: bytes, and the Content-Type they claim for them. */
export interface Payload {
  bytes: Buffer;
  contentType: string;
}

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><form id=f method=post action="http://localhost:3000/designerapi/v1/scan/confirm">' +
    '<input name=ticket value=x></form><script>document.getElementById("f").submit()</script></body></html>',
);

export const SVG_FOREIGN_OBJECT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><foreignObject width="10" height="10">' +
    '<body xmlns="http://www.w3.org/1999/xhtml"><script>parent.alert(document.domain)</script></body>' +
    '</foreignObject><rect width="10" height="10"/></svg>',
);

export const XML_DOCUMENT = Buffer.from(
  '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="#"?>' +
    '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
);

/** A real 16×16 PNG, made by sharp. */
export const realPng = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#593bff' } })
    .png()
    .toBuffer();

/** `POST /vod/create-upload` kind image for a file of `fileSize` bytes: the decoded grant. */
export async function imageGrant(
  t: VideosApp,
  who: Session,
  fileSize: number,
  fileName = 'cover.png',
): Promise<DecodedGrant> {
  const created = await call<{ uploadAddress: string; uploadAuth: string; imageId: string }>(
    t,
    who,
    'POST',
    '/vod/create-upload',
    { kind: 'image', fileName, fileSize, mimeType: 'image/png' },
  );
  expect(created.code, created.msg).toBe(200);
  return decodeGrant(created.data);
}

/** `POST /vod/create-upload` kind video for a file of `fileSize` bytes: the decoded grant. */
export async function videoGrant(
  t: VideosApp,
  who: Session,
  fileSize: number,
  fileName = 'clip.mp4',
): Promise<DecodedGrant> {
  const created = await call<{ uploadAddress: string; uploadAuth: string; videoId: string }>(
    t,
    who,
    'POST',
    '/vod/create-upload',
    { kind: 'video', title: '攻击', fileName, fileSize, mimeType: 'video/mp4' },
  );
  expect(created.code, created.msg).toBe(200);
  return decodeGrant(created.data);
}

/** PutObject with the grant's own credentials, as the attacker's browser would. */
export async function putWithGrant(t: VideosApp, grant: DecodedGrant, payload: Payload): Promise<OssAnswer> {
  return ossRequest(t.store.endpoint, {
    method: 'PUT',
    key: grant.address.FileName,
    body: payload.bytes,
    headers: { 'Content-Type': payload.contentType },
    credentials: grant.auth,
  });
}

/**
 * Writes the object straight into the store's files, past the grant's size cap: what a store that
 * does not enforce the declared size (another OSS-compatible store) would hold.
 */
export async function writeDirectly(t: VideosApp, key: string, payload: Payload): Promise<void> {
  await objectStoreFor(t.app.config).put(key, payload.bytes, payload.contentType);
}

/** Whether the store holds an object under `key`. */
export async function stored(t: VideosApp, key: string): Promise<boolean> {
  return (await objectStoreFor(t.app.config).head(key)) !== undefined;
}

/** The 40000 answer's field errors. */
export const fieldErrors = (answer: { data: unknown }) =>
  (answer.data as { errors: { path: string; message: string }[] }).errors;

/** The headers that make any answer of the store inert. */
export function expectInert(headers: IncomingHttpHeaders) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("sandbox; default-src 'none'");
}

/**
 * A signed read link of the uploaded object itself, as the store answers it. Since issue 20 a
 * video's play link is its playable rendition, which the server writes; what an uploader's bytes
 * are served as is asked of the original.
 */
export async function originalLink(t: VideosApp, grant: DecodedGrant): Promise<string> {
  const link = await objectReadLink(
    t.app.config,
    grant.address.FileName,
    { protocol: 'http', host: '127.0.0.1' },
    new Date(),
  );
  if (!link) throw new Error(`${grant.address.FileName} is not stored`);
  return link.url;
}
