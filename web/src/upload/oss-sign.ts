/**
 * OSS signature version 1 for header-signed requests:
 *
 *   Authorization: OSS <AccessKeyId>:base64(HMAC-SHA1(AccessKeySecret,
 *     VERB \n Content-MD5 \n Content-Type \n Date \n CanonicalizedOSSHeaders CanonicalizedResource))
 *
 * A browser may not set `Date`, so the request carries `x-oss-date` and that value fills the Date
 * slot (as ali-oss does). HMAC-SHA1 comes from WebCrypto, present in browsers and Node 20.
 */

export interface SigningCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
}

/** `/bucket/key?sub=value&sub2`, sub-resources sorted by name, values not URL-encoded. */
export function canonicalResource(
  bucket: string,
  key: string,
  subResources: Readonly<Record<string, string | undefined>>,
): string {
  const pairs = Object.keys(subResources)
    .sort()
    .map((name) => {
      const value = subResources[name];
      return value === undefined || value === '' ? name : `${name}=${value}`;
    });
  return `/${bucket}/${key}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

export interface StringToSignParts {
  method: string;
  /** All request headers; names in any case. */
  headers: Readonly<Record<string, string>>;
  resource: string;
}

export function stringToSign({ method, headers, resource }: StringToSignParts): string {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const ossHeaders = [...lower.keys()]
    .filter((name) => name.startsWith('x-oss-'))
    .sort()
    .map((name) => `${name}:${lower.get(name)!.trim()}`);
  return [
    method.toUpperCase(),
    lower.get('content-md5') ?? '',
    lower.get('content-type') ?? '',
    lower.get('x-oss-date') ?? lower.get('date') ?? '',
    ...ossHeaders,
    resource,
  ].join('\n');
}

// Spelt this way because `CryptoKey` is a DOM name, and this module also compiles for Node.
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

// Importing a key is the slow part of WebCrypto HMAC; a credential signs hundreds of parts.
const importedKeys = new Map<string, Promise<HmacKey>>();

function hmacKey(secret: string): Promise<HmacKey> {
  let key = importedKeys.get(secret);
  if (!key) {
    // Credentials rotate; keep only the latest few.
    if (importedKeys.size >= 8) importedKeys.delete(importedKeys.keys().next().value!);
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-1' },
      false,
      ['sign'],
    );
    importedKeys.set(secret, key);
  }
  return key;
}

export async function hmacSha1Base64(secret: string, text: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(text));
  return btoa(Array.from(new Uint8Array(signature), (byte) => String.fromCharCode(byte)).join(''));
}

/** The `Authorization` header value for a request with these headers and resource. */
export async function authorization(
  credentials: SigningCredentials,
  parts: StringToSignParts,
): Promise<string> {
  const signature = await hmacSha1Base64(credentials.accessKeySecret, stringToSign(parts));
  return `OSS ${credentials.accessKeyId}:${signature}`;
}
