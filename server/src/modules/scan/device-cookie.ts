import { randomBytes } from 'node:crypto';
import { API_PREFIX } from '@dc/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built-in provider's device identity: a secret only this phone's browser holds, in an
 * HttpOnly, SameSite=Strict cookie. Over https it is a `__Host-` cookie, which no other origin of
 * the host (the object store on another port, a sibling subdomain) can set or overwrite: cookies
 * do not tell ports apart, so a page elsewhere on the host could otherwise plant a device secret
 * it knows (and later log in as whatever that "device" gets bound to).
 */
const PLAIN_NAME = 'dc_scan_device';
const HOST_ONLY_NAME = `__Host-${PLAIN_NAME}`;
const DEVICE_SECRET = /^[A-Za-z0-9_-]{43}$/;
const TWO_YEARS_SECONDS = 2 * 365 * 86_400;

const secure = (request: FastifyRequest) => request.protocol === 'https';

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The device secret this browser sent, when well-formed. */
export function deviceSecretOf(request: FastifyRequest): string | undefined {
  const value = readCookie(request, secure(request) ? HOST_ONLY_NAME : PLAIN_NAME);
  return value && DEVICE_SECRET.test(value) ? value : undefined;
}

/** The browser's device secret, or a new one set on `reply` for a browser that has none. */
export function ensureDeviceSecret(request: FastifyRequest, reply: FastifyReply): string {
  const known = deviceSecretOf(request);
  if (known) return known;
  const secret = randomBytes(32).toString('base64url');
  const cookie = secure(request)
    ? `${HOST_ONLY_NAME}=${secret}; Path=/; Max-Age=${TWO_YEARS_SECONDS}; HttpOnly; SameSite=Strict; Secure`
    : `${PLAIN_NAME}=${secret}; Path=${API_PREFIX}/scan; Max-Age=${TWO_YEARS_SECONDS}; HttpOnly; SameSite=Strict`;
  reply.header('set-cookie', cookie);
  return secret;
}
