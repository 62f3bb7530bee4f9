import { type Language, SCAN_POLL_SECRET_HEADER, SCAN_TICKET_MAX } from '@dc/contract';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../http/api-error.ts';
import { say } from '../../http/messages.ts';
import { scanMessages } from './messages.ts';

/** The ticket's poll secret the request carries (`X-Scan-Poll-Secret`), if any. */
export function pollSecretOf(request: FastifyRequest): string | undefined {
  const header = request.headers[SCAN_POLL_SECRET_HEADER];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value && value.length <= SCAN_TICKET_MAX ? value : undefined;
}

/** The poll secret, or 40000 naming the header: a poll without one could never be answered. */
export function requirePollSecret(lang: Language, request: FastifyRequest): string {
  const secret = pollSecretOf(request);
  if (secret) return secret;
  throw validationError(
    [{ path: SCAN_POLL_SECRET_HEADER, message: scanMessages.required }],
    say(lang, scanMessages.pollSecretMissing, { header: SCAN_POLL_SECRET_HEADER }),
  );
}
