import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * OSS signature version 1, as Alibaba Cloud documents it and ali-oss 6.x computes it
 * (lib/common/signUtils.js buildCanonicalString):
 *
 *   base64(HMAC-SHA1(AccessKeySecret,
 *     VERB \n Content-MD5 \n Content-Type \n Date \n CanonicalizedOSSHeaders CanonicalizedResource))
 *
 * sent as `Authorization: OSS <AccessKeyId>:<signature>`, or for a link (a <video src>) as the
 * query `OSSAccessKeyId`, `Expires`, `Signature`, where the Date slot holds `Expires`.
 */

/**
 * Query parameters that are sub-resources and so part of the signed resource; everything else in
 * the query (max-parts, part-number-marker, a cache-buster) is not signed. The list is OSS's.
 */
export const SIGNED_SUB_RESOURCES: ReadonlySet<string> = new Set([
  'acl',
  'append',
  'asyncFetch',
  'bucketInfo',
  'callback',
  'callback-var',
  'cname',
  'comp',
  'continuation-token',
  'cors',
  'delete',
  'encryption',
  'endTime',
  'img',
  'inventory',
  'inventoryId',
  'lifecycle',
  'live',
  'location',
  'logging',
  'objectMeta',
  'partNumber',
  'policy',
  'position',
  'qos',
  'qosInfo',
  'referer',
  'regionList',
  'replication',
  'replicationLocation',
  'replicationProgress',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'restore',
  'security-token',
  'sequential',
  'startTime',
  'stat',
  'status',
  'style',
  'styleName',
  'symlink',
  'tagging',
  'transferAcceleration',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'vod',
  'website',
  'worm',
  'wormExtend',
  'wormId',
  'x-oss-ac-forward-allow',
  'x-oss-ac-source-ip',
  'x-oss-ac-subnet-mask',
  'x-oss-ac-vpc-id',
  'x-oss-process',
  'x-oss-request-payer',
  'x-oss-traffic-limit',
]);

/** `/bucket/key?sub=value&sub2`, sub-resources sorted, values raw (not URL-encoded). */
export function canonicalizedResource(
  bucket: string | undefined,
  key: string | undefined,
  query: URLSearchParams,
) {
  let resource = '/';
  if (bucket) resource += `${bucket}/`;
  if (key) resource += key;
  const subResources = [...new Set(query.keys())].filter((name) => SIGNED_SUB_RESOURCES.has(name)).sort();
  if (subResources.length === 0) return resource;
  const pairs = subResources.map((name) => {
    const value = query.get(name) ?? '';
    return value === '' ? name : `${name}=${value}`;
  });
  return `${resource}?${pairs.join('&')}`;
}

/**
 * Node reads header bytes as latin1; a client signs the UTF-8 text. Re-reading the bytes as UTF-8
 * gives back the string it signed (and leaves ASCII untouched).
 */
const headerText = (value: string | string[] | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(',') : value;
  return Buffer.from(joined, 'latin1').toString('utf8');
};

/** `x-oss-name:value` lines: names lower case, values trimmed, sorted by name. */
export function canonicalizedOssHeaders(headers: IncomingHttpHeaders): string[] {
  return Object.keys(headers)
    .filter((name) => name.toLowerCase().startsWith('x-oss-'))
    .sort()
    .map((name) => `${name.toLowerCase()}:${headerText(headers[name])!.trim()}`);
}

export interface StringToSignParts {
  method: string;
  headers: IncomingHttpHeaders;
  /** The Date slot: x-oss-date or Date for a header signature, `Expires` for a link. */
  date: string;
  resource: string;
}

export const stringToSign = ({ method, headers, date, resource }: StringToSignParts): string =>
  [
    method.toUpperCase(),
    headerText(headers['content-md5']) ?? '',
    headerText(headers['content-type']) ?? '',
    date,
    ...canonicalizedOssHeaders(headers),
    resource,
  ].join('\n');

export const computeSignature = (accessKeySecret: string, text: string): string =>
  createHmac('sha1', accessKeySecret).update(text, 'utf8').digest('base64');

/** Compares two signatures in constant time (for equal lengths; a length says nothing secret). */
export function signaturesEqual(expected: string, provided: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(provided, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How a request says who it is. */
export type RequestCredentials =
  | { kind: 'anonymous' }
  | { kind: 'unsupported'; scheme: string }
  | {
      kind: 'header';
      accessKeyId: string;
      signature: string;
      securityToken: string | undefined;
      /** Date slot candidates: x-oss-date first (what ali-oss signs, since browsers cannot set Date), then Date. */
      dates: string[];
    }
  | {
      kind: 'query';
      accessKeyId: string;
      signature: string;
      securityToken: string | undefined;
      expires: string;
    };

export function readRequestCredentials(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
): RequestCredentials {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^OSS ([^:\s]+):(\S+)$/.exec(authorization.trim());
    if (!match) return { kind: 'unsupported', scheme: authorization.trim().split(/\s/, 1)[0] ?? '' };
    const dates = [headers['x-oss-date'], headers.date].filter((d): d is string => typeof d === 'string');
    return {
      kind: 'header',
      accessKeyId: match[1]!,
      signature: match[2]!,
      securityToken: headerText(headers['x-oss-security-token']) ?? query.get('security-token') ?? undefined,
      dates: [...new Set(dates)],
    };
  }
  const accessKeyId = query.get('OSSAccessKeyId');
  const signature = query.get('Signature');
  const expires = query.get('Expires');
  if (accessKeyId && signature && expires) {
    return {
      kind: 'query',
      accessKeyId,
      signature,
      expires,
      securityToken: query.get('security-token') ?? undefined,
    };
  }
  return { kind: 'anonymous' };
}

/** The query of a signed link to GET `/bucket/key` until `expires` (unix seconds). */
export function signedUrlQuery(options: {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  bucket: string;
  key: string;
  expires: number;
}): URLSearchParams {
  const signedQuery = new URLSearchParams({ 'security-token': options.securityToken });
  const text = stringToSign({
    method: 'GET',
    headers: {},
    date: String(options.expires),
    resource: canonicalizedResource(options.bucket, options.key, signedQuery),
  });
  return new URLSearchParams({
    OSSAccessKeyId: options.accessKeyId,
    Expires: String(options.expires),
    Signature: computeSignature(options.accessKeySecret, text),
    'security-token': options.securityToken,
  });
}
