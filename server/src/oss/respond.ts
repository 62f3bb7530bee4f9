import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { OssError } from './errors.ts';
import type { ObjectMeta } from './objects.ts';
import { errorDocument, type XmlElement, xmlDocument } from './xml.ts';

export const quoteEtag = (etag: string): string => `"${etag}"`;

export function sendXml(
  response: ServerResponse,
  status: number,
  root: XmlElement,
  headers: OutgoingHttpHeaders = {},
) {
  const body = Buffer.from(xmlDocument(root), 'utf8');
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/xml',
    'Content-Length': body.length,
  });
  response.end(body);
}

export function sendEmpty(response: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}) {
  response.writeHead(status, { ...headers, 'Content-Length': 0 });
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
  const headers: OutgoingHttpHeaders = { 'Content-Type': 'application/xml' };
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

/** The headers describing a stored object (GET, HEAD). */
export function objectHeaders(meta: ObjectMeta): OutgoingHttpHeaders {
  return {
    'Content-Type': meta.contentType,
    ETag: quoteEtag(meta.etag),
    'Last-Modified': new Date(meta.lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
    'x-oss-object-type': meta.objectType,
    'x-oss-storage-class': 'Standard',
    ...meta.userMeta,
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
