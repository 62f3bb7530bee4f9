import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_ALLOWED_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'] as const;
/** A browser uploader reads ETag (to complete a multipart upload) and the request id (to report). */
export const CORS_EXPOSED_HEADERS = 'ETag, x-oss-request-id';
/** The Vite dev server's port (`npm run dev`), whose pages upload here too. */
const DEV_SERVER_PORT = 5173;

export type OriginPolicy = (origin: string) => boolean;

/**
 * Which browser origins may call the store: `OSS_CORS_ORIGINS` (a list, or `*`), or by default
 * only the console's own: `PUBLIC_URL`'s origin, and the console and the Vite dev server (5173)
 * on this machine's loopback names. Never a host name taken from a request: a page on
 * `evil.example.com:3000` is another site. Requests are authorised by their signature, never by
 * cookies, so CORS keeps unrelated pages from using a leaked credential; a console reached by a
 * LAN address or another name sets `PUBLIC_URL` (or lists it in `OSS_CORS_ORIGINS`).
 */
export function originPolicy(config: {
  port: number;
  ossCorsOrigins: string[] | '*' | undefined;
  publicUrl?: string | undefined;
}): OriginPolicy {
  const listed = config.ossCorsOrigins;
  if (listed === '*') return () => true;
  const allowed = new Set(listed ?? defaultOrigins(config));
  return (origin) => allowed.has(origin);
}

/** The console's own origins when `OSS_CORS_ORIGINS` is unset. */
export function defaultOrigins(config: { port: number; publicUrl?: string | undefined }): string[] {
  const origins = new Set<string>();
  if (config.publicUrl) origins.add(new URL(config.publicUrl).origin);
  for (const port of [config.port, DEV_SERVER_PORT]) {
    if (port === 0) continue;
    for (const host of ['localhost', '127.0.0.1', '[::1]'])
      origins.add(new URL(`http://${host}:${port}`).origin);
  }
  return [...origins];
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
