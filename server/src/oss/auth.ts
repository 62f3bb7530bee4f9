import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialAuthority, CredentialScope } from './credentials.ts';
import { OssError } from './errors.ts';
import {
  canonicalizedResource,
  computeSignature,
  readRequestCredentials,
  signaturesEqual,
  stringToSign,
} from './signature.ts';

/** OSS refuses a header-signed request whose date is further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export interface SignedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  bucket: string;
  key: string | undefined;
  query: URLSearchParams;
}

/**
 * Who signed this request: the scope of its temporary credential, once the security token is
 * genuine and current and the signature matches. Every failure is an OSS error.
 */
export function authenticate(
  authority: CredentialAuthority,
  request: SignedRequest,
  now = Date.now(),
): CredentialScope {
  const credentials = readRequestCredentials(request.headers, request.query);
  if (credentials.kind === 'anonymous') {
    throw new OssError('AccessDenied', 'Anonymous access is forbidden for this operation.');
  }
  if (credentials.kind === 'unsupported') {
    throw new OssError(
      'InvalidArgument',
      `Authorization scheme ${JSON.stringify(credentials.scheme)} is not supported here; sign with OSS signature version 1.`,
    );
  }
  const scope = authority.verify(credentials.accessKeyId, credentials.securityToken);
  const secret = authority.secretFor(credentials.accessKeyId);
  const resource = canonicalizedResource(request.bucket, request.key, request.query);
  const textFor = (date: string) =>
    stringToSign({ method: request.method, headers: request.headers, date, resource });
  const mismatch = (text: string) =>
    new OssError('SignatureDoesNotMatch', undefined, {
      StringToSign: text,
      OSSAccessKeyId: credentials.accessKeyId,
      SignatureProvided: credentials.signature,
    });

  if (credentials.kind === 'query') {
    const expires = Number(credentials.expires);
    if (!Number.isInteger(expires))
      throw new OssError('AccessDenied', 'Expires must be a unix time in seconds.');
    if (expires * 1000 < now) throw new OssError('AccessDenied', 'Request has expired.');
    const text = textFor(credentials.expires);
    if (!signaturesEqual(computeSignature(secret, text), credentials.signature)) throw mismatch(text);
    return scope;
  }

  if (credentials.dates.length === 0)
    throw new OssError('AccessDenied', 'OSS authentication requires a valid Date.');
  const signedDate = credentials.dates.find((date) =>
    signaturesEqual(computeSignature(secret, textFor(date)), credentials.signature),
  );
  if (signedDate === undefined) throw mismatch(textFor(credentials.dates[0]!));
  const signedAt = Date.parse(signedDate);
  if (Number.isNaN(signedAt)) throw new OssError('AccessDenied', 'OSS authentication requires a valid Date.');
  if (Math.abs(signedAt - now) > MAX_CLOCK_SKEW_MS) {
    throw new OssError('RequestTimeTooSkewed', undefined, {
      RequestTime: signedDate,
      ServerTime: new Date(now).toUTCString(),
    });
  }
  return scope;
}

/**
 * A credential reaches exactly its own object: the same bucket and the same key, byte for byte
 * (no prefix, so `key + 'x'` or a sibling is refused); a read grant only reads it. No grant
 * deletes an object: a delete followed by a new upload would replace what `upload-finished`
 * checked, which a grant may not do (its uploads only create); the server deletes through its own
 * files. Aborting a multipart upload is a write, not a delete of the object.
 */
export function authorize(
  scope: CredentialScope,
  bucket: string,
  key: string,
  intent: 'read' | 'write' | 'delete',
): void {
  if (scope.bucket !== bucket || scope.key !== key) throw new OssError('AccessDenied');
  if (intent === 'write' && scope.access !== 'write') throw new OssError('AccessDenied');
  if (intent === 'delete')
    throw new OssError('AccessDenied', 'An upload credential cannot delete the object it uploaded.');
}
