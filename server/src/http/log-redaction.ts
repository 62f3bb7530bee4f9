import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials, compared without case: their values are never
 * written to logs. Ours (the stream's `ticket`; the scan flow's `ticket`, `resigner_id`, OAuth
 * `code` and `state`; codePcRegister's `password` and `code`, which spec section 7 puts in the
 * query), whatever a client may put there by mistake (`authToken`, `token`, `access_token`…),
 * and those of signed object-store links (OSS: `OSSAccessKeyId`, `Signature`, `security-token`,
 * `x-oss-*` of V4; S3: every `X-Amz-*`, below).
 */
export const CREDENTIAL_QUERY_PARAMS: readonly string[] = [
  'authtoken',
  'token',
  'access_token',
  'accesstoken',
  'refresh_token',
  'id_token',
  'session',
  'sessionid',
  'ticket',
  'pollsecret',
  'poll_secret',
  'secret',
  'client_secret',
  'apikey',
  'api_key',
  'password',
  'code',
  'state',
  'resigner_id',
  'signature',
  'sig',
  'ossaccesskeyid',
  'security-token',
  'x-oss-security-token',
  'x-oss-signature',
  'x-oss-credential',
];
/** Parameter name prefixes that are credentials as a family: AWS Signature V4 links. */
export const CREDENTIAL_QUERY_PREFIXES: readonly string[] = ['x-amz-'];

const REDACTED = 'redacted';

/** The parameter's name as the server's query parser reads it (`+` is a space, %XX decoded). */
function decodedName(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Whether a query parameter named `raw` (as written in the URL) carries a credential. */
export function isCredentialParam(raw: string): boolean {
  const name = decodedName(raw);
  // A name that does not decode is not ours to judge: keep its value out of the log too.
  if (name === undefined) return true;
  const lower = name.trim().toLowerCase();
  return (
    CREDENTIAL_QUERY_PARAMS.includes(lower) ||
    CREDENTIAL_QUERY_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}

/**
 * `url` with the value of every credential-bearing query parameter replaced by `redacted`; the
 * rest of the URL is kept as written.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const pairs = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return isCredentialParam(name) && equals >= 0 ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}`;
}

/** pino serializers for request logs: the URL without secrets, no headers (they hold authToken). */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
};
