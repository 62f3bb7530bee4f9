/**
 * A Node client of the object store's OSS protocol for the upload scenarios: the grant of
 * create-upload / refresh-upload decoded, then InitiateMultipartUpload, UploadPart, ListParts,
 * CompleteMultipartUpload and a streamed GET, signed by ali-oss's own signing code (the tests'
 * `ossRequest`), exactly as the browser uploader speaks to it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { UploadCredentials } from '../../server/src/oss/index.ts';
import { type OssAnswer, ossRequest, xmlText } from '../../server/test/oss/support/store.ts';
import { MB, storedSha256 } from '../../server/test/upload/support/uploads.ts';
import { ok } from './api.ts';

export { MB };

export interface Grant {
  videoId: string;
  endpoint: string;
  bucket: string;
  key: string;
  credentials: UploadCredentials;
}

const decode = <T>(base64: string) => JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as T;

interface GrantAnswer {
  videoId?: string;
  uploadAddress: string;
  uploadAuth: string;
}

export function grantOf(answer: GrantAnswer, videoId: string): Grant {
  const address = decode<{ Endpoint: string; Bucket: string; FileName: string }>(answer.uploadAddress);
  return {
    videoId,
    endpoint: address.Endpoint,
    bucket: address.Bucket,
    key: address.FileName,
    credentials: decode<UploadCredentials>(answer.uploadAuth),
  };
}

/** POST /vod/create-upload for a video of `fileSize` bytes (CreateUploadVideo). */
export async function createVideoUpload(origin: string, token: string, title: string, fileSize: number) {
  const answer = await ok<GrantAnswer>(origin, 'POST', '/vod/create-upload', {
    token,
    json: { kind: 'video', title, fileName: `${title}.mp4`, fileSize, mimeType: 'video/mp4' },
  });
  return grantOf(answer, answer.videoId!);
}

/** POST /vod/refresh-upload: fresh credentials and this instance's store address for the same object. */
export async function refreshVideoUpload(origin: string, token: string, videoId: string) {
  return grantOf(
    await ok<GrantAnswer>(origin, 'POST', '/vod/refresh-upload', { token, json: { videoId } }),
    videoId,
  );
}

const request = (grant: Grant, options: Omit<Parameters<typeof ossRequest>[1], 'key'>) =>
  ossRequest(grant.endpoint, {
    bucket: grant.bucket,
    credentials: grant.credentials,
    ...options,
    key: grant.key,
  });

const failure = (what: string, answer: OssAnswer) =>
  new Error(`${what}: HTTP ${answer.status} ${answer.code ?? answer.body.toString('utf8').slice(0, 200)}`);

export async function initiate(grant: Grant): Promise<string> {
  const answer = await request(grant, { method: 'POST', subres: { uploads: null } });
  if (answer.status !== 200) throw failure('InitiateMultipartUpload', answer);
  return xmlText(answer, 'UploadId')!;
}

/** UploadPart: answers the store's whole answer (the status and code of a refusal included). */
export const uploadPart = (grant: Grant, uploadId: string, partNumber: number, body: Buffer) =>
  request(grant, { method: 'PUT', subres: { partNumber, uploadId }, body });

/** UploadPart with a streamed body of `length` bytes (which the caller may hold back). */
export const uploadPartStream = (
  grant: Grant,
  uploadId: string,
  partNumber: number,
  body: Readable,
  length: number,
) =>
  request(grant, {
    method: 'PUT',
    subres: { partNumber, uploadId },
    body,
    headers: { 'Content-Length': String(length) },
  });

export const putObject = (grant: Grant, body: Buffer) =>
  request(grant, { method: 'PUT', body, headers: { 'Content-Type': 'video/mp4' } });

export interface ListedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/** ListParts (every page). */
export async function listParts(grant: Grant, uploadId: string): Promise<ListedPart[]> {
  const parts: ListedPart[] = [];
  let marker = 0;
  for (;;) {
    const answer = await request(grant, {
      method: 'GET',
      subres: { uploadId },
      query: { 'max-parts': '1000', 'part-number-marker': String(marker) },
    });
    if (answer.status !== 200) throw failure('ListParts', answer);
    const xml = answer.body.toString('utf8');
    for (const [, inner] of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
      const text = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(inner!)?.[1] ?? '';
      parts.push({
        partNumber: Number(text('PartNumber')),
        etag: text('ETag').replaceAll('"', '').replaceAll('&quot;', ''),
        size: Number(text('Size')),
      });
    }
    if (xmlText(answer, 'IsTruncated') !== 'true') return parts;
    marker = Number(xmlText(answer, 'NextPartNumberMarker'));
  }
}

export async function complete(grant: Grant, uploadId: string, parts: ListedPart[]): Promise<OssAnswer> {
  const items = parts.map(
    (p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>"${p.etag}"</ETag></Part>`,
  );
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>${items.join('')}</CompleteMultipartUpload>`,
  );
  return request(grant, {
    method: 'POST',
    subres: { uploadId },
    headers: {
      'Content-Type': 'application/xml',
      'Content-MD5': createHash('md5').update(body).digest('base64'),
    },
    body,
  });
}

/** SHA-256 of the object as the store serves it (a signed, streamed GET). */
export const objectSha256 = (grant: Grant) => storedSha256(grant.endpoint, grant.credentials, grant.key);

/** A signed GET's status and OSS code (NoSuchKey when the object is not there). */
export const getObject = (grant: Grant) => request(grant, { method: 'GET' });

export const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex').toUpperCase();

/** Reads part `index` (0-based) of `partSize` bytes of `file`. */
export async function readPart(file: string, index: number, partSize: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(partSize);
    const { bytesRead } = await handle.read(buffer, 0, partSize, index * partSize);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
