import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_ALLOWED_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'] as const;
/** A browser uploader reads ETag (to complete a multipart upload) and the request id (to report). */
export const CORS_EXPOSED_HEADERS = 'ETag, x-oss-request-id';
/** The Vite dev server's port (`npm run dev`), whose pages upload here too. */
const DEV_SERVER_PORT = 5173;

export type OriginPolicy = (origin: string) => boolean;

/**
 * Which browser origins may call the store: `OSS_CORS_ORIGINS` (a list, or `*`), or by default
 * any page served on the console's port, or the dev server's, whatever the host name: the
 * console is reached by name, by IP or through localhost alike. Requests are authorised by their
 * signature, never by cookies, so CORS only keeps unrelated pages from using a leaked credential.
 */
export function originPolicy(config: {
  port: number;
  ossCorsOrigins: string[] | '*' | undefined;
}): OriginPolicy {
  const listed = config.ossCorsOrigins;
  if (listed === '*') return () => true;
  if (listed) {
    const allowed = new Set(listed);
    return (origin) => allowed.has(origin);
  }
  const ports = new Set([String(config.port), String(DEV_SERVER_PORT)]);
  return (origin) => {
    try {
      const url = new URL(origin);
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      return (url.protocol === 'http:' || url.protocol === 'https:') && ports.has(port);
    } catch {
      return false;
    }
  };
}

/** Adds the CORS answer headers when the request comes from an allowed origin. */
export function applyCors(
  request: IncomingMessage,
  response: ServerResponse,
  allowed: OriginPolicy,
): boolean {
  response.setHeader('Vary', 'Origin');
  const origin = request.headers.origin;
  if (!origin || !allowed(origin)) return false;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
  return true;
}

/**
 * Answers a preflight. Allowed headers echo what the browser asks for: the `*` wildcard would
 * not cover `Authorization`, which every signed request carries.
 */
export function answerPreflight(
  request: IncomingMessage,
  response: ServerResponse,
  allowed: OriginPolicy,
): boolean {
  const method = request.headers['access-control-request-method']?.toUpperCase();
  if (!applyCors(request, response, allowed) || !method) return false;
  if (!(CORS_ALLOWED_METHODS as readonly string[]).includes(method)) return false;
  response.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  response.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS.join(', '));
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] || '*',
  );
  response.setHeader('Access-Control-Max-Age', '600');
  response.writeHead(200, { 'Content-Length': '0' });
  response.end();
  return true;
}
