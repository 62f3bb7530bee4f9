import { AwsV4Signer } from 'aws4fetch';
import {
  MultipartClient,
  type MultipartClientOptions,
  type StoreAnswer,
  type StoreRequest,
} from './multipart-client.ts';
import { type ListedPart, OssServiceError } from './store-client.ts';

/** AWS STS temporary credentials (AssumeRole), as uploadAuth carries them. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

export interface S3ClientOptions extends MultipartClientOptions {
  credentials: S3Credentials;
  /** The region in the signature's scope (uploadAddress's `Region`). */
  region: string;
  /** When the credentials end (uploadAuth's Expiration), epoch ms. */
  expiresAt: number;
}

/** How far this page's clock may run behind the store's and an expired session still be seen. */
const CLOCK_SKEW_MS = 60_000;

/** `20250102T030405Z`, the form of `x-amz-date`. */
const amzDate = (epochMs: number): string => new Date(epochMs).toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * An S3-compatible store (Ceph RGW, AWS, MinIO, COS; issue 19): AWS Signature V4 with
 * `x-amz-security-token`. aws4fetch only computes the headers; the request goes through the
 * uploader's own fetch, so a part's upload progress keeps being reported.
 */
export class S3Client extends MultipartClient {
  readonly protocol = 's3';
  protected readonly requestIdHeader = 'x-amz-request-id';
  /** aws4fetch's cache of derived signing keys (per day and region): four HMACs fewer per request. */
  readonly #signingKeys = new Map<string, ArrayBuffer>();

  constructor(private readonly s3: S3ClientOptions) {
    super(s3);
  }

  /**
   * Ceph RGW answers ListParts of an upload that is gone (aborted, completed, expired) with 404
   * NoSuchKey where AWS says NoSuchUpload; the uploader starts over on the latter only.
   */
  override async listParts(key: string, uploadId: string, signal: AbortSignal): Promise<ListedPart[]> {
    try {
      return await super.listParts(key, uploadId, signal);
    } catch (error) {
      if (!(error instanceof OssServiceError && error.status === 404 && error.code === 'NoSuchKey'))
        throw error;
      throw new OssServiceError(404, 'NoSuchUpload', error.message, error.requestId);
    }
  }

  /**
   * Ceph RGW answers a session past its expiry with 403 AccessDenied, not ExpiredToken (measured in
   * server/test/storage/ceph-rgw.test.ts). Once the credentials' Expiration has come, that answer
   * is their expiry: the uploader asks for new ones (spec §8) instead of failing the upload.
   */
  protected override serviceError(answer: StoreAnswer): OssServiceError {
    const error = super.serviceError(answer);
    const ended = this.s3.now() + CLOCK_SKEW_MS >= this.s3.expiresAt;
    if (error.status !== 403 || error.code !== 'AccessDenied' || !ended) return error;
    return new OssServiceError(403, 'ExpiredToken', error.message, error.requestId);
  }

  protected async signedHeaders(request: StoreRequest, url: string): Promise<Record<string, string>> {
    const { credentials, region } = this.s3;
    const signer = new AwsV4Signer({
      method: request.method,
      url,
      headers: {
        // Not hashed: hashing a part would read its bytes a second time (S3 allows this value).
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      service: 's3',
      region,
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      sessionToken: credentials.sessionToken,
      datetime: amzDate(this.s3.now()),
      cache: this.#signingKeys,
    });
    const signed = await signer.sign();
    return Object.fromEntries(signed.headers);
  }
}
