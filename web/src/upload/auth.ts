import { UPLOAD_DEFAULT_REGION } from '@dc/contract';
import type { StoreProtocol } from './store-client.ts';

/**
 * Decoded `uploadAuth`: temporary credentials in Alibaba Cloud STS's field names. For an S3 store
 * they are AWS STS ones: AccessKeySecret is the secret access key, SecurityToken the session token.
 */
export interface UploadCredentials {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  /** ISO 8601. */
  Expiration: string;
  Region: string;
}

/** Decoded `uploadAddress`: where the file goes. */
export interface UploadAddress {
  /** Base URL of the object store, e.g. `https://oss-cn-shanghai.aliyuncs.com`. */
  Endpoint: string;
  Bucket: string;
  /** The object key. */
  FileName: string;
  /** `/{bucket}/{key}` on the endpoint (the embedded store) instead of `{bucket}.{host}/{key}`. */
  PathStyle: boolean;
  /** What the store speaks (issue 19); absent means OSS. */
  Protocol: StoreProtocol;
  /** The store's region, which an S3 signature names. */
  Region: string;
  /**
   * With `s3-presigned`: the API's object-uploads calls (absolute, or a path on the page's
   * origin), which run the upload and presign each part; the credentials go there, not to the store.
   */
  SigningUrl?: string;
}

export type AuthErrorCode = 'InvalidParameter.EmptyValue' | 'InvalidParameter.TokenInvalid';
export type Decoded<T> = { ok: true; value: T } | { ok: false; code: AuthErrorCode };

const CREDENTIAL_FIELDS = ['AccessKeyId', 'AccessKeySecret', 'SecurityToken', 'Expiration'] as const;
const ADDRESS_FIELDS = ['Endpoint', 'Bucket', 'FileName'] as const;

const emptyValue = { ok: false, code: 'InvalidParameter.EmptyValue' } as const;
const tokenInvalid = { ok: false, code: 'InvalidParameter.TokenInvalid' } as const;

/** Base64 (standard or URL-safe) of UTF-8 JSON, as the VOD API hands both values over. */
export function encodeBase64Json(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

function decodeBase64Json(text: string): Record<string, unknown> | undefined {
  try {
    const binary = atob(text.trim().replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const presentText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Reads `uploadAuth`. Spec §5: the four credential fields must all be present together. None
 * of them, or no value at all, is an empty value; some but not all, a value that is not base64
 * JSON, or an Expiration that is no date, is an invalid token.
 */
export function decodeUploadAuth(uploadAuth: string | undefined): Decoded<UploadCredentials> {
  if (!presentText(uploadAuth)) return emptyValue;
  const fields = decodeBase64Json(uploadAuth);
  if (!fields) return tokenInvalid;
  const present = CREDENTIAL_FIELDS.filter((name) => presentText(fields[name]));
  if (present.length === 0) return emptyValue;
  if (present.length !== CREDENTIAL_FIELDS.length) return tokenInvalid;
  const expiration = fields.Expiration as string;
  if (Number.isNaN(Date.parse(expiration))) return tokenInvalid;
  return {
    ok: true,
    value: {
      AccessKeyId: fields.AccessKeyId as string,
      AccessKeySecret: fields.AccessKeySecret as string,
      SecurityToken: fields.SecurityToken as string,
      Expiration: expiration,
      Region: presentText(fields.Region) ? fields.Region : UPLOAD_DEFAULT_REGION,
    },
  };
}

const PROTOCOLS: readonly StoreProtocol[] = ['oss', 's3', 's3-presigned'];

/** An http(s) URL, or a path on the page's origin (`/…`, never `//host`). */
const isSigningUrl = (url: string): boolean =>
  /^https?:\/\/[^/\s]+/i.test(url) || /^\/(?![/\\])\S*$/.test(url);

/**
 * Reads `uploadAddress`. Spec §5: it must carry its required fields (Endpoint, Bucket, FileName,
 * and SigningUrl for `s3-presigned`); a missing one is an empty value, an undecodable address, a
 * non-HTTP endpoint or signing URL, or a protocol other than `oss`, `s3` and `s3-presigned` is invalid.
 */
export function decodeUploadAddress(uploadAddress: string | undefined): Decoded<UploadAddress> {
  if (!presentText(uploadAddress)) return emptyValue;
  const fields = decodeBase64Json(uploadAddress);
  if (!fields) return tokenInvalid;
  if (!ADDRESS_FIELDS.every((name) => presentText(fields[name]))) return emptyValue;
  const endpoint = (fields.Endpoint as string).trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/i.test(endpoint)) return tokenInvalid;
  const protocol = (fields.Protocol ?? 'oss') as StoreProtocol;
  if (!PROTOCOLS.includes(protocol)) return tokenInvalid;
  let signingUrl: string | undefined;
  if (protocol === 's3-presigned') {
    if (!presentText(fields.SigningUrl)) return emptyValue;
    signingUrl = fields.SigningUrl.trim().replace(/\/+$/, '');
    if (!isSigningUrl(signingUrl)) return tokenInvalid;
  }
  return {
    ok: true,
    value: {
      Endpoint: endpoint,
      Bucket: fields.Bucket as string,
      FileName: fields.FileName as string,
      PathStyle: fields.PathStyle === true,
      Protocol: protocol,
      Region: presentText(fields.Region) ? fields.Region.trim() : UPLOAD_DEFAULT_REGION,
      ...(signingUrl ? { SigningUrl: signingUrl } : {}),
    },
  };
}
