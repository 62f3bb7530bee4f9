import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The per-page token of a server-rendered form: an HMAC of what the page is about (its purpose and
 * subject, e.g. a scan ticket) keyed by the secret in the browser's own HttpOnly cookie. The page
 * puts it in a hidden field; the post must bring it back. Another page can read neither the
 * cookie nor our page, so it cannot make the token; nothing is stored, so any instance checks it.
 */
export function formToken(cookieSecret: string, purpose: string, subject: string): string {
  return createHmac('sha256', cookieSecret).update(`${purpose}\n${subject}`, 'utf8').digest('base64url');
}

/** Whether `token` is the form token of this cookie secret, purpose and subject. */
export function formTokenMatches(
  cookieSecret: string,
  purpose: string,
  subject: string,
  token: string | undefined,
): boolean {
  if (!token) return false;
  const expected = Buffer.from(formToken(cookieSecret, purpose, subject));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
