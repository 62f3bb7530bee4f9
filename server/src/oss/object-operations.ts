import fs, { type FileHandle } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { OssError } from './errors.ts';
import { type ObjectExchange, putLimits, type StoreServices } from './exchange.ts';
import { checkContentMd5, receiveFile } from './files.ts';
import type { ObjectMeta } from './objects.ts';
import { parseRange } from './range.ts';
import { declaredLength, objectHeaders, quoteEtag, sendEmpty, userMetaOf } from './respond.ts';
import { readHead, servedTypeOfHead } from './served-type.ts';

/**
 * PutObject: the body streamed to disk, then committed whole. A grant only creates (its scope's
 * forbidOverwrite, whatever `x-oss-forbid-overwrite` says): on a key that holds an object when
 * the commit comes, the answer is FileAlreadyExists and the received bytes go. Checked at the
 * commit, not before, so a body that began before the object appeared is refused as well (and
 * the body's own faults, Content-MD5 say, are answered as before).
 */
export async function putObject(services: StoreServices, exchange: ObjectExchange): Promise<void> {
  const { request, response } = exchange;
  if (request.headers['x-oss-copy-source'])
    throw new OssError('NotImplemented', 'CopyObject is not supported.');
  const received = await receiveFile(request, services.layout.temporaryPath('put'), {
    ...putLimits(services, exchange),
    declaredLength: declaredLength(request),
  });
  try {
    checkContentMd5(request.headers['content-md5'], received.md5);
  } catch (error) {
    await fs.rm(received.path, { force: true });
    throw error;
  }
  const meta = await services.objects.commit(
    exchange.bucket,
    exchange.key,
    received.path,
    {
      size: received.size,
      etag: received.md5.toString('hex').toUpperCase(),
      contentType: request.headers['content-type'] || 'application/octet-stream',
      userMeta: userMetaOf(request),
      objectType: 'Normal',
    },
    { forbidOverwrite: exchange.scope.forbidOverwrite },
  );
  sendEmpty(response, 200, { ETag: quoteEtag(meta.etag), 'Content-MD5': received.md5.toString('base64') });
}

/**
 * The `response-*` query overrides honoured on a signed GET (e.g. a download's file name). An
 * uploader can sign their own GET, so no override may make content active: the type and the
 * encoding are always the store's (`response-content-type` / `response-content-encoding` are
 * ignored), and a disposition only ever makes the answer a download (`attachment…`), never inline.
 */
const RESPONSE_OVERRIDES: Record<string, { header: string; allowed?: (value: string) => boolean }> = {
  'response-content-language': { header: 'Content-Language' },
  'response-expires': { header: 'Expires' },
  'response-cache-control': { header: 'Cache-Control' },
  'response-content-disposition': {
    header: 'Content-Disposition',
    allowed: (value) => /^attachment(\s*;|\s*$)/i.test(value),
  },
};

/** The type to answer: recorded at commit, or (an object stored before that) decided now. */
async function servedTypeOf(meta: ObjectMeta, file: FileHandle): Promise<string> {
  return meta.servedType ?? servedTypeOfHead(await readHead(file));
}

/** 304 or 412 when If-None-Match / If-Match say so. */
function preconditionStatus(exchange: ObjectExchange, meta: ObjectMeta): 304 | undefined {
  const matches = (header: string) =>
    header
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').toUpperCase())
      .some((tag) => tag === '*' || tag === meta.etag);
  const ifMatch = exchange.request.headers['if-match'];
  if (ifMatch && !matches(ifMatch)) throw new OssError('PreconditionFailed');
  const ifNoneMatch = exchange.request.headers['if-none-match'];
  if (ifNoneMatch && matches(ifNoneMatch)) return 304;
  return undefined;
}

/** GetObject and HeadObject: the whole object, or one byte range of it (206). */
export async function getObject(services: StoreServices, exchange: ObjectExchange): Promise<void> {
  const { request, response } = exchange;
  const opened = await services.objects.open(exchange.bucket, exchange.key);
  if (!opened) throw new OssError('NoSuchKey', undefined, { Key: exchange.key });
  const { meta, file } = opened;
  let streaming = false;
  try {
    const headers: OutgoingHttpHeaders = objectHeaders(meta, await servedTypeOf(meta, file));
    if (preconditionStatus(exchange, meta) === 304) {
      sendEmpty(response, 304, { ETag: headers.ETag, 'Last-Modified': headers['Last-Modified'] });
      return;
    }
    if (request.method === 'GET') {
      for (const [parameter, { header, allowed }] of Object.entries(RESPONSE_OVERRIDES)) {
        const value = exchange.query.get(parameter);
        if (value && (allowed?.(value) ?? true)) headers[header] = value;
      }
    }
    const range = parseRange(request.headers.range, meta.size);
    if (range === 'unsatisfiable') {
      throw new OssError('InvalidRange', undefined, {
        RangeRequested: String(request.headers.range),
        ActualObjectSize: String(meta.size),
      });
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? meta.size - 1;
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${meta.size}`;
    headers['Content-Length'] = Math.max(0, end - start + 1);
    response.writeHead(range ? 206 : 200, headers);
    if (request.method === 'HEAD' || meta.size === 0) {
      response.end();
      return;
    }
    streaming = true;
    // The handle closes itself when the stream ends or is destroyed (client gone).
    await pipeline(file.createReadStream({ start, end }), response).catch(() => undefined);
  } finally {
    if (!streaming) await file.close();
  }
}

/** DeleteObject: 204 whether or not the object existed, as OSS answers. */
export async function deleteObject(services: StoreServices, exchange: ObjectExchange): Promise<void> {
  await services.objects.delete(exchange.bucket, exchange.key);
  sendEmpty(exchange.response, 204);
}
