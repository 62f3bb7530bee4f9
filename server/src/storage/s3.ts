import { createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AssumeRoleCommand, type AssumeRoleCommandOutput, STSClient } from '@aws-sdk/client-sts';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { API_PREFIX, IMAGE_OBJECT_KEY, OBJECT_UPLOADS_PATH } from '@dc/contract';
import type { Config, S3Settings } from '../config.ts';
import { hostnameOf, isAllowedHost } from '../http/public-origin.ts';
import { defaultOrigins } from '../oss/cors.ts';
import { openCredentialAuthority } from '../oss/credentials.ts';
import { loadOssSecret } from '../oss/secret.ts';
import { isShownInline, SNIFF_BYTES, servedTypeOfHead } from '../oss/served-type.ts';
import { base64Json } from './encoding.ts';
import { ObjectStoreSettingError, ObjectStoreUnavailableError } from './errors.ts';
import type {
  ObjectStore,
  OpenUpload,
  ReadLink,
  RequestOrigin,
  StoredObject,
  UploadGrant,
} from './object-store.ts';
import { S3PartSigning } from './s3-part-signing.ts';

/** The shortest AssumeRole session AWS grants; shorter UPLOAD_CREDENTIAL_TTL_SECONDS rounds up. */
const STS_MIN_SECONDS = 900;
/** Local copies of objects (for decoders) are `DATA_DIR/tmp/object-<random>`. */
const COPY_PREFIX = 'object-';
/** Types decided for read links, per key (keys are never reused: each upload makes a new one). */
const VERDICTS_KEPT = 10_000;
/**
 * In presigned mode, a fingerprint of the secret that signs upload credentials (OSS_SECRET or
 * DATA_DIR/oss-secret): every instance on the bucket must verify the credentials any of them
 * issued, so an instance whose secret differs stops at start naming OSS_SECRET.
 */
export const SECRET_FINGERPRINT_KEY = 'console/upload-secret-fingerprint';

/**
 * An S3-compatible bucket (AWS, Ceph RGW, MinIO, OSS and COS in S3 mode) through the AWS SDK.
 * Browsers upload straight to it with AssumeRole credentials whose session policy opens one key
 * (S3_STS_ROLE_ARN), or else part by part to URLs the API presigns (`partSigning`), and read through presigned GET links that force the type decided from the object's bytes, so a
 * file that lies about its type is never served as what it claims.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  readonly #client: S3Client;
  /** Signs links with the host browsers use (S3_PUBLIC_ENDPOINT), which the signature covers. */
  readonly #publicClient: S3Client;
  readonly #sts: STSClient;
  readonly #verdicts = new Map<string, string>();
  readonly partSigning: S3PartSigning | undefined;

  constructor(
    private readonly config: Config,
    private readonly settings: S3Settings,
  ) {
    const common = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Ceph and older stores reject the SDK's default CRC32 checksums on every write.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A store that accepts a connection and then stalls fails the request instead of hanging
      // it (the timeout is the socket's idle time, so a long transfer that moves is not cut).
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    } as const;
    this.#client = new S3Client({ ...common, ...(settings.endpoint ? { endpoint: settings.endpoint } : {}) });
    const publicEndpoint = settings.publicEndpoint ?? settings.endpoint;
    this.#publicClient = new S3Client({ ...common, ...(publicEndpoint ? { endpoint: publicEndpoint } : {}) });
    this.#sts = new STSClient({
      region: settings.region,
      credentials: common.credentials,
      // Ceph and MinIO answer STS on the S3 endpoint; AWS on its own (the SDK's default).
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    });
    this.partSigning = settings.stsRoleArn
      ? undefined
      : new S3PartSigning(this.#client, this.#publicClient, settings.bucket);
  }

  get #bucket(): string {
    return this.settings.bucket;
  }

  /**
   * The bucket exists (created when missing) and answers CORS for the console's origins. A wrong
   * endpoint, key, secret or bucket stops the start with the setting's name.
   */
  async prepare(): Promise<void> {
    await this.#removeLeftoverCopies();
    try {
      // A listing, not HeadBucket: its error answers carry a code (a wrong key or a wrong secret).
      await this.#client.send(new ListObjectsV2Command({ Bucket: this.#bucket, MaxKeys: 1 }));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) await this.#createBucket();
      else throw settingError(error, 'checking the bucket');
    }
    const origins = this.config.ossCorsOrigins ?? defaultOrigins(this.config);
    await this.#client
      .send(
        new PutBucketCorsCommand({
          Bucket: this.#bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: origins === '*' ? ['*'] : origins,
                AllowedMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'],
                AllowedHeaders: ['*'],
                // The uploader reads ETag to complete a multipart upload.
                ExposeHeaders: ['ETag', 'x-amz-request-id'],
                MaxAgeSeconds: 3600,
              },
            ],
          },
        }),
      )
      .catch((error: unknown) => {
        throw settingError(error, 'setting the bucket CORS');
      });
    if (this.partSigning) await this.#checkSharedSecret();
  }

  /**
   * Presigned mode: the first instance leaves a fingerprint of its credential secret in the
   * bucket; one whose secret differs would refuse the others' upload credentials, so it stops.
   */
  async #checkSharedSecret(): Promise<void> {
    const secret = await loadOssSecret(this.config);
    const fingerprint = createHmac('sha256', secret).update('designer-console/instances').digest('hex');
    const stored = await this.readBytes(SECRET_FINGERPRINT_KEY, 0, 128);
    if (stored === undefined) {
      await this.put(SECRET_FINGERPRINT_KEY, Buffer.from(fingerprint), 'text/plain');
      return;
    }
    if (stored.toString('utf8') !== fingerprint)
      throw new ObjectStoreSettingError(
        'OSS_SECRET',
        `differs from the secret other instances on bucket ${this.#bucket} sign upload credentials with ` +
          `(${SECRET_FINGERPRINT_KEY}): without S3_STS_ROLE_ARN every instance needs the same OSS_SECRET ` +
          '(after changing it everywhere, delete that object)',
      );
  }

  /** Local copies a killed process left behind (each instance has its own DATA_DIR). */
  async #removeLeftoverCopies(): Promise<void> {
    const dir = this.#copiesDir();
    for (const name of await fs.readdir(dir).catch(() => [] as string[]))
      if (name.startsWith(COPY_PREFIX)) await fs.rm(path.join(dir, name), { force: true });
  }

  #copiesDir(): string {
    return path.join(this.config.dataDir, 'tmp');
  }

  async #createBucket(): Promise<void> {
    try {
      await this.#client.send(new CreateBucketCommand({ Bucket: this.#bucket }));
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'BucketAlreadyOwnedByYou') return;
      throw settingError(error, 'creating the bucket');
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const answer = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { key, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw unavailableOr(error, 'head');
    }
  }

  async readBytes(key: string, start: number, length: number): Promise<Buffer | undefined> {
    if (length <= 0) return (await this.head(key)) ? Buffer.alloc(0) : undefined;
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: `bytes=${start}-${start + length - 1}`,
        }),
      );
      return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return undefined;
      // A range past the end (an empty object): nothing to read, but the object is there.
      if (status === 416) return Buffer.alloc(0);
      throw unavailableOr(error, 'read');
    }
  }

  async withLocalFile<T>(
    key: string,
    use: (filePath: string, object: StoredObject) => Promise<T>,
  ): Promise<T | undefined> {
    const object = await this.head(key);
    if (!object) return undefined;
    const dir = this.#copiesDir();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${COPY_PREFIX}${randomBytes(12).toString('hex')}`);
    try {
      let body: Readable;
      try {
        const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
        body = answer.Body as Readable;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw unavailableOr(error, 'read');
      }
      await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      return await use(file, object);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.#client
      .send(new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: bytes, ContentType: contentType }))
      .catch((error: unknown) => {
        throw unavailableOr(error, 'put');
      });
    this.#verdicts.delete(key);
  }

  /** One PUT with the file's length (S3 takes up to 5 GiB so; videos stop at 4 GiB). */
  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const { size } = await fs.stat(filePath);
    const body = createReadStream(filePath);
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Body: body,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } catch (error) {
      throw unavailableOr(error, 'put');
    } finally {
      body.destroy();
    }
    this.#verdicts.delete(key);
  }

  async delete(key: string): Promise<void> {
    this.#verdicts.delete(key);
    await this.#client
      .send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }))
      .catch((error: unknown) => {
        if (statusOf(error) !== 404) throw unavailableOr(error, 'delete');
      });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.#client
        .send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }))
        .catch((error: unknown) => {
          throw unavailableOr(error, 'list');
        });
      for (const entry of page.Contents ?? []) {
        if (entry.Key)
          yield { key: entry.Key, size: entry.Size ?? 0, lastModified: entry.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async openUploads(): Promise<OpenUpload[]> {
    const found: OpenUpload[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.#client
        .send(
          new ListMultipartUploadsCommand({
            Bucket: this.#bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
        .catch((error: unknown) => {
          throw unavailableOr(error, 'list uploads');
        });
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId)
          found.push({
            key: upload.Key,
            uploadId: upload.UploadId,
            initiated: upload.Initiated ?? new Date(0),
          });
      }
      if (!page.IsTruncated) return found;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async abortUpload(upload: OpenUpload): Promise<void> {
    await this.#client
      .send(
        new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: upload.key, UploadId: upload.uploadId }),
      )
      .catch((error: unknown) => {
        if (statusOf(error) !== 404) throw unavailableOr(error, 'abort upload');
      });
  }

  async readLink(
    key: string,
    _origin: unknown,
    now: Date,
    ttlSeconds: number,
  ): Promise<ReadLink | undefined> {
    const servedType = await this.#servedType(key);
    if (!servedType) return undefined;
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: key,
      // What the uploader declared is never answered: the type decided from the bytes is.
      ResponseContentType: servedType,
      ResponseContentDisposition: isShownInline(servedType) ? 'inline' : 'attachment',
    });
    const url = await getSignedUrl(this.#publicClient, command, { expiresIn: ttlSeconds, signingDate: now });
    return { url, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) };
  }

  /** The type an object is served as, decided once from its first bytes; undefined: missing. */
  async #servedType(key: string): Promise<string | undefined> {
    const known = this.#verdicts.get(key);
    if (known) return known;
    const head = await this.readBytes(key, 0, SNIFF_BYTES);
    if (!head) return undefined;
    const verdict = await servedTypeOfHead(head);
    if (this.#verdicts.size >= VERDICTS_KEPT) this.#verdicts.clear();
    this.#verdicts.set(key, verdict);
    return verdict;
  }

  /**
   * AssumeRole credentials narrowed by a session policy to writing this one key (parts, listing
   * and aborting its uploads included): the shape of Aliyun VOD's upload credentials.
   */
  async uploadGrant(
    designerId: number,
    key: string,
    declaredBytes: number,
    origin: RequestOrigin,
  ): Promise<UploadGrant> {
    if (this.partSigning) return this.#presignedGrant(designerId, key, declaredBytes, origin);
    const resource = `arn:aws:s3:::${this.#bucket}/${key}`;
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
          Resource: [resource],
        },
      ],
    };
    let answer: AssumeRoleCommandOutput;
    try {
      answer = await this.#sts.send(
        new AssumeRoleCommand({
          RoleArn: this.settings.stsRoleArn,
          RoleSessionName: `designer-${designerId}`,
          DurationSeconds: Math.max(STS_MIN_SECONDS, this.config.uploadCredentialTtlSeconds),
          Policy: JSON.stringify(policy),
        }),
      );
    } catch (error) {
      throw unavailableOr(error, 'assume role');
    }
    const credentials = answer.Credentials;
    if (!credentials?.Expiration) throw new ObjectStoreUnavailableError('assume role: no credentials');
    return {
      uploadAddress: this.#uploadAddress(key, { Protocol: 's3' }),
      uploadAuth: base64Json({
        AccessKeyId: credentials.AccessKeyId,
        AccessKeySecret: credentials.SecretAccessKey,
        SecurityToken: credentials.SessionToken,
        Expiration: credentials.Expiration.toISOString(),
        Region: this.settings.region,
      }),
      requestId: (answer.$metadata.requestId ?? randomBytes(16).toString('hex')).toUpperCase(),
    };
  }

  /**
   * Presigned mode: the console's own credentials for the one key (create only, at most the
   * declared size; oss/credentials.ts), which open nothing on the store: the browser presents them
   * to the API's object-uploads calls (`SigningUrl`), which run the upload and presign each part.
   */
  async #presignedGrant(
    designerId: number,
    key: string,
    declaredBytes: number,
    origin: RequestOrigin,
  ): Promise<UploadGrant> {
    const authority = await openCredentialAuthority({ ...this.config, ossBucket: this.#bucket });
    const credentials = authority.issueUploadCredentials({
      designerId,
      objectKey: key,
      maxBytes: declaredBytes,
      ttlSeconds: this.config.uploadCredentialTtlSeconds,
    });
    return {
      uploadAddress: this.#uploadAddress(key, {
        Protocol: 's3-presigned',
        SigningUrl: this.#signingUrl(origin),
      }),
      uploadAuth: base64Json({ ...credentials, Region: this.settings.region }),
      requestId: randomBytes(16).toString('hex').toUpperCase(),
    };
  }

  /** Where the browser's upload of `key` goes (base64 JSON, as uploadAddress is handed over). */
  #uploadAddress(key: string, how: { Protocol: 's3' } | { Protocol: 's3-presigned'; SigningUrl: string }) {
    return base64Json({
      Endpoint: this.#browserEndpoint(),
      Bucket: this.#bucket,
      FileName: key,
      PathStyle: this.settings.forcePathStyle,
      Region: this.settings.region,
      ...how,
    });
  }

  /**
   * The object-uploads calls as the browser reaches them: under PUBLIC_URL when set, else on the
   * request's origin when its host is one we answer for (never a Host header's arbitrary name:
   * the browser sends its credentials there), else relative to the page.
   */
  #signingUrl(origin: RequestOrigin): string {
    const path = `${API_PREFIX}${OBJECT_UPLOADS_PATH}`;
    if (this.config.publicUrl) return `${this.config.publicUrl}${path}`;
    const hostname = hostnameOf(origin.host);
    if (hostname && isAllowedHost(this.config, hostname)) return `${origin.protocol}://${origin.host}${path}`;
    return path;
  }

  keyOfLink(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    const base = new URL(this.#browserEndpoint());
    let keyPath: string;
    if (this.settings.forcePathStyle) {
      const bucketPath = `${base.pathname.replace(/\/$/, '')}/${this.#bucket}/`;
      if (parsed.origin !== base.origin || !parsed.pathname.startsWith(bucketPath)) return undefined;
      keyPath = parsed.pathname.slice(bucketPath.length);
    } else {
      if (parsed.protocol !== base.protocol || parsed.host !== `${this.#bucket}.${base.host}`)
        return undefined;
      keyPath = parsed.pathname.slice(1);
    }
    try {
      const key = decodeURIComponent(keyPath);
      return IMAGE_OBJECT_KEY.test(key) ? key : undefined;
    } catch {
      return undefined;
    }
  }

  publicOrigin(): string {
    const base = new URL(this.#browserEndpoint());
    return this.settings.forcePathStyle ? base.origin : `${base.protocol}//${this.#bucket}.${base.host}`;
  }

  close(): void {
    this.#client.destroy();
    this.#publicClient.destroy();
    this.#sts.destroy();
  }

  /** The store as browsers reach it. */
  #browserEndpoint(): string {
    return (
      this.settings.publicEndpoint ??
      this.settings.endpoint ??
      `https://s3.${this.settings.region}.amazonaws.com`
    );
  }
}

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException
    ? error.$metadata.httpStatusCode
    : (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** No answer, or a 5xx: the store is down or overloaded (50300); anything else is ours to see. */
function unavailableOr(error: unknown, operation: string): Error {
  const status = statusOf(error);
  if (status === undefined || status >= 500)
    return new ObjectStoreUnavailableError(operation, { cause: error });
  return error as Error;
}

/** Which setting a failure at start points at, in one line. */
function settingError(error: unknown, doing: string): Error {
  const name = (error as { name?: string; Code?: string }).Code ?? (error as { name?: string }).name ?? '';
  const status = statusOf(error);
  const detail = `${doing} failed: ${name || (error as Error).message}`;
  if (status === undefined) return new ObjectStoreSettingError('S3_ENDPOINT', `${detail} (no answer)`);
  if (name === 'InvalidAccessKeyId') return new ObjectStoreSettingError('S3_ACCESS_KEY_ID', detail);
  if (name === 'SignatureDoesNotMatch') return new ObjectStoreSettingError('S3_SECRET_ACCESS_KEY', detail);
  // Ceph answers AccessDenied for an unknown key and for a wrong secret alike: both are named.
  if (status === 403 && doing === 'checking the bucket')
    return new ObjectStoreSettingError(
      'S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY',
      `${detail}: the store refused this key pair for the bucket`,
    );
  return new ObjectStoreSettingError('S3_BUCKET', detail);
}
