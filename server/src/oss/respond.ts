import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { OssError } from './errors.ts';
import type { ObjectMeta } from './objects.ts';
import { isShownInline } from './served-type.ts';
import { errorDocument, type XmlElement, xmlDocument } from './xml.ts';

export const quoteEtag = (etag: string): string => `"${etag}"`;

/**
 * On every answer of the store (objects, 206 and 304 included, errors too): the browser must not
 * guess a type (nosniff), and a document opened from the store runs nothing and loads nothing
 * (a sandbox without scripts, no sources), whatever bytes it holds. This CSP governs only a
 * document opened from the store itself; an <img> or <video> on the console shows the object all
 * the same, and a picture or video opened directly is the document's own resource, not a load.
 */
export const INERT_HEADERS: Readonly<OutgoingHttpHeaders> = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
});

export function sendXml(
  response: ServerResponse,
  status: number,
  root: XmlElement,
  headers: OutgoingHttpHeaders = {},
) {
  const body = Buffer.from(xmlDocument(root), 'utf8');
  response.writeHead(status, {
    ...headers,
    ...INERT_HEADERS,
    'Content-Type': 'application/xml',
    'Content-Length': body.length,
  });
  response.end(body);
}

export function sendEmpty(response: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}) {
  response.writeHead(status, { ...headers, ...INERT_HEADERS, 'Content-Length': 0 });
  response.end();
}

/**
 * An OSS error answer: the XML body, or for HEAD (which has no body) the same XML in base64 in
 * `x-oss-err`, which ali-oss reads. A body the request still carries is read and dropped, so the
 * client gets to read this answer instead of a reset connection.
 */
export function sendError(
  request: IncomingMessage,
  response: ServerResponse,
  error: OssError,
  ids: { requestId: string; hostId: string },
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (!request.readableEnded) request.resume();
  const xml = Buffer.from(errorDocument(error, ids.requestId, ids.hostId), 'utf8');
  const headers: OutgoingHttpHeaders = { ...INERT_HEADERS, 'Content-Type': 'application/xml' };
  if (request.method === 'HEAD') {
    response.writeHead(error.status, {
      ...headers,
      'x-oss-err': xml.toString('base64'),
      'Content-Length': 0,
    });
    response.end();
    return;
  }
  response.writeHead(error.status, { ...headers, 'Content-Length': xml.length });
  response.end(xml);
}

/**
 * The headers describing a stored object (GET, HEAD): its type as the store decided it from the
 * bytes (`servedType`), never the uploader's; a download for anything the console does not show
 * in place.
 */
export function objectHeaders(meta: ObjectMeta, servedType: string): OutgoingHttpHeaders {
  return {
    ...meta.userMeta,
    ...INERT_HEADERS,
    'Content-Type': servedType,
    ...(isShownInline(servedType) ? {} : { 'Content-Disposition': 'attachment' }),
    ETag: quoteEtag(meta.etag),
    'Last-Modified': new Date(meta.lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
    'x-oss-object-type': meta.objectType,
    'x-oss-storage-class': 'Standard',
  };
}

/** `x-oss-meta-*` request headers, kept to be answered back with the object. */
export function userMetaOf(request: IncomingMessage): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith('x-oss-meta-') && typeof value === 'string') meta[name] = value;
  }
  return meta;
}

export function declaredLength(request: IncomingMessage): number | undefined {
  const header = request.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}
