import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { OssError } from './errors.ts';
import { loadOssSecret, type SecretSource } from './secret.ts';

/** What the VOD API hands to an uploader, in Alibaba Cloud STS's field names. */
export interface UploadCredentials {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  /** ISO 8601, seconds precision, UTC. */
  Expiration: string;
}

/**
 * What a token opens: `read` reads one object (a signed link); `write` creates one object (by a
 * PutObject or its multipart upload) and reads it. A write grant never replaces an object that
 * exists, nor deletes one: once the object is there (and `upload-finished` has checked its bytes),
 * the grant cannot change it for the rest of its life. Replacing and deleting are the server's.
 */
export type CredentialAccess = 'read' | 'write';

/**
 * What a valid security token grants: one key of one bucket, until `expiresAt`; a `write` grant
 * at most `maxBytes` bytes in that object (the size its create-upload declared).
 */
export interface CredentialScope {
  accessKeyId: string;
  bucket: string;
  key: string;
  access: CredentialAccess;
  maxBytes: number;
  /**
   * OSS's `x-oss-forbid-overwrite: true`, carried by the token instead of a header the client
   * chooses: PutObject, InitiateMultipartUpload and CompleteMultipartUpload on a key that holds an
   * object answer 409 FileAlreadyExists. True for every grant (a read grant writes nothing anyway).
   */
  forbidOverwrite: boolean;
  expiresAt: Date;
}

interface TokenPayload {
  akid: string;
  bucket: string;
  key: string;
  /**
   * `r` read; `c` create: write the object while it does not exist. (`w`, a write that could
   * replace, was issued before; such a token is refused, and the uploader asks for new ones.)
   */
  acc: 'r' | 'c';
  /** The largest object the grant may write (0 for a read grant). */
  max: number;
  /** Unix seconds. */
  exp: number;
}

// v1 tokens carried a designer-wide prefix; they are not accepted any more.
const TOKEN_VERSION = 'v2';
export const STS_KEY_ID_PREFIX = 'STS.';

/** Where a designer's uploads live. */
export const designerPrefix = (designerId: number | string): string => `designers/${designerId}/`;

const base64url = (bytes: Buffer): string => bytes.toString('base64url');
const hmac = (key: Buffer, text: string): Buffer => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * Issues and checks temporary credentials with no database: the AccessKeySecret is an HMAC of
 * the AccessKeyId, and the SecurityToken carries its own scope (one exact key, read or create, the
 * largest size) and expiry under an HMAC, both keyed by the server secret. Any process holding the
 * secret can verify; nobody without it can forge a token or widen its scope.
 */
export class CredentialAuthority {
  readonly #tokenKey: Buffer;
  readonly #secretKey: Buffer;

  constructor(
    secret: Buffer,
    readonly bucket: string,
    private readonly now: () => number = Date.now,
  ) {
    // Separate keys per use, so a value of one kind can never pass for the other.
    this.#tokenKey = hmac(secret, 'designer-console/oss/security-token');
    this.#secretKey = hmac(secret, 'designer-console/oss/access-key-secret');
  }

  /** Credentials for the one object `key` in this authority's bucket, valid `ttlSeconds`. */
  issue(grant: {
    key: string;
    access: CredentialAccess;
    /** Required for `write`: the most bytes the object may hold. */
    maxBytes?: number;
    ttlSeconds: number;
  }): UploadCredentials {
    const { key, access, ttlSeconds } = grant;
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new RangeError('ttlSeconds must be ≥ 1');
    if (!key) throw new RangeError('a credential opens one object: key must not be empty');
    const maxBytes = access === 'write' ? grant.maxBytes : 0;
    if (maxBytes === undefined || !Number.isSafeInteger(maxBytes) || maxBytes < 0)
      throw new RangeError('maxBytes must be a whole number of bytes ≥ 0');
    const accessKeyId = `${STS_KEY_ID_PREFIX}${randomBytes(12).toString('hex').toUpperCase()}`;
    const exp = Math.floor(this.now() / 1000) + ttlSeconds;
    const payload: TokenPayload = {
      akid: accessKeyId,
      bucket: this.bucket,
      key,
      acc: access === 'write' ? 'c' : 'r',
      max: maxBytes,
      exp,
    };
    const body = `${TOKEN_VERSION}.${base64url(Buffer.from(JSON.stringify(payload), 'utf8'))}`;
    return {
      AccessKeyId: accessKeyId,
      AccessKeySecret: this.secretFor(accessKeyId),
      SecurityToken: `${body}.${base64url(hmac(this.#tokenKey, body))}`,
      Expiration: new Date(exp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
  }

  /** Credentials to upload `objectKey` (in the designer's own prefix) of at most `maxBytes`. */
  issueUploadCredentials(request: {
    designerId: number;
    objectKey: string;
    maxBytes: number;
    ttlSeconds: number;
  }): UploadCredentials {
    const prefix = designerPrefix(request.designerId);
    if (!request.objectKey.startsWith(prefix) || request.objectKey.length === prefix.length) {
      throw new RangeError(`object key ${JSON.stringify(request.objectKey)} is not under ${prefix}`);
    }
    return this.issue({
      key: request.objectKey,
      access: 'write',
      maxBytes: request.maxBytes,
      ttlSeconds: request.ttlSeconds,
    });
  }

  /** Credentials behind a signed GET link to the one object `key`. */
  issueReadCredentials(request: { key: string; ttlSeconds: number }): UploadCredentials {
    return this.issue({ key: request.key, access: 'read', ttlSeconds: request.ttlSeconds });
  }

  /** The AccessKeySecret belonging to an AccessKeyId this authority issued. */
  secretFor(accessKeyId: string): string {
    return base64url(hmac(this.#secretKey, accessKeyId));
  }

  /**
   * The scope a request's key id and security token grant.
   * InvalidAccessKeyId: not a key id of ours, or a token that is forged, altered or another's;
   * SecurityTokenExpired: a genuine token past its expiry.
   */
  verify(accessKeyId: string, securityToken: string | undefined): CredentialScope {
    if (!accessKeyId.startsWith(STS_KEY_ID_PREFIX) || !securityToken)
      throw new OssError('InvalidAccessKeyId');
    const payload = this.#readToken(securityToken);
    if (!payload || payload.akid !== accessKeyId) {
      throw new OssError('InvalidAccessKeyId', 'The security token you provided is invalid.');
    }
    if (payload.exp * 1000 <= this.now()) throw new OssError('SecurityTokenExpired');
    return {
      accessKeyId,
      bucket: payload.bucket,
      key: payload.key,
      access: payload.acc === 'c' ? 'write' : 'read',
      maxBytes: payload.max,
      forbidOverwrite: true,
      expiresAt: new Date(payload.exp * 1000),
    };
  }

  #readToken(token: string): TokenPayload | undefined {
    const [version, encoded, mac] = token.split('.');
    if (version !== TOKEN_VERSION || !encoded || !mac || token.split('.').length !== 3) return undefined;
    // Compared as text, not decoded: base64 decoding ignores the unused low bits of the last
    // character (and skips stray characters), so several spellings would decode to one MAC.
    const expected = Buffer.from(base64url(hmac(this.#tokenKey, `${version}.${encoded}`)), 'utf8');
    const given = Buffer.from(mac, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<TokenPayload>;
      const { akid, bucket, key, acc, max, exp } = payload;
      if (typeof akid !== 'string' || typeof bucket !== 'string' || typeof key !== 'string' || !key)
        return undefined;
      if (acc !== 'r' && acc !== 'c') return undefined;
      if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0) return undefined;
      if (typeof exp !== 'number') return undefined;
      return { akid, bucket, key, acc, max, exp };
    } catch {
      return undefined;
    }
  }
}

export interface CredentialConfig extends SecretSource {
  ossBucket: string;
  uploadCredentialTtlSeconds: number;
}

// One authority per secret source and bucket: reading the secret file once per process.
const authorities = new Map<string, Promise<CredentialAuthority>>();

/** The authority for this configuration (the same one the object store verifies with). */
export function openCredentialAuthority(config: CredentialConfig): Promise<CredentialAuthority> {
  const source = config.ossSecret
    ? `env:${createHash('sha256').update(config.ossSecret).digest('hex')}`
    : `file:${config.dataDir}`;
  const cacheKey = `${source}\n${config.ossBucket}`;
  let authority = authorities.get(cacheKey);
  if (!authority) {
    authority = loadOssSecret(config).then((secret) => new CredentialAuthority(secret, config.ossBucket));
    authority.catch(() => authorities.delete(cacheKey));
    authorities.set(cacheKey, authority);
  }
  return authority;
}

/**
 * Temporary credentials for a designer to upload `objectKey` (under `designers/<id>/`) of at most
 * `maxBytes` (the size create-upload declared), for create-upload and refresh-upload.
 * `ttlSeconds` defaults to `UPLOAD_CREDENTIAL_TTL_SECONDS`.
 */
export async function issueUploadCredentials(
  config: CredentialConfig,
  request: { designerId: number; objectKey: string; maxBytes: number; ttlSeconds?: number },
): Promise<UploadCredentials> {
  const authority = await openCredentialAuthority(config);
  return authority.issueUploadCredentials({
    designerId: request.designerId,
    objectKey: request.objectKey,
    maxBytes: request.maxBytes,
    ttlSeconds: request.ttlSeconds ?? config.uploadCredentialTtlSeconds,
  });
}
