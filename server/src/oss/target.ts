import { OssError } from './errors.ts';

/** What a path-style request names: `/{bucket}/{object key}` and its query. */
export interface RequestTarget {
  bucket: string | undefined;
  key: string | undefined;
  query: URLSearchParams;
}

/** OSS: a key is 1 to 1023 bytes of UTF-8 and does not begin with `/` or `\`. */
const MAX_KEY_BYTES = 1023;

/**
 * Reads the raw request target without URL normalisation: `/b/../../x` names the key `../../x`
 * in bucket `b`, as OSS reads it, and is never resolved as a path.
 */
export function parseTarget(rawUrl: string): RequestTarget {
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = new URLSearchParams(queryStart === -1 ? '' : rawUrl.slice(queryStart + 1));
  const withoutSlash = rawPath.replace(/^\//, '');
  const slash = withoutSlash.indexOf('/');
  const rawBucket = slash === -1 ? withoutSlash : withoutSlash.slice(0, slash);
  const rawKey = slash === -1 ? '' : withoutSlash.slice(slash + 1);
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    key = decodeURIComponent(rawKey);
  } catch {
    throw new OssError('InvalidObjectName');
  }
  if (key !== '' && (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES || /^[/\\]/.test(key))) {
    throw new OssError('InvalidObjectName');
  }
  return { bucket: bucket || undefined, key: key || undefined, query };
}
