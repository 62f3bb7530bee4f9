import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ObjectStoreUnavailableError, UploadRefusedError } from './errors.ts';
import type { PartSigning, ReadLink, StoredPart } from './object-store.ts';

/**
 * The multipart operations the server runs for a browser in presigned mode (S3 without STS): the
 * browser sends only the bytes of each part, to a URL signed here for that part's number and
 * exact length. `client` talks to the store; `publicClient` signs for the host browsers use.
 */
export class S3PartSigning implements PartSigning {
  constructor(
    private readonly client: S3Client,
    private readonly publicClient: S3Client,
    private readonly bucket: string,
  ) {}

  async initiate(key: string, contentType: string): Promise<string> {
    const answer = await this.client
      .send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }))
      .catch(refusedOr('initiate upload'));
    if (!answer.UploadId) throw new ObjectStoreUnavailableError('initiate upload: no UploadId');
    return answer.UploadId;
  }

  async openUploadCount(key: string): Promise<number> {
    let count = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client
        .send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: key,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
        .catch(refusedOr('list uploads'));
      // A prefix also matches longer keys; only this exact key counts.
      count += (page.Uploads ?? []).filter((upload) => upload.Key === key).length;
      if (!page.IsTruncated) return count;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /**
   * A PUT URL for one part. Content-Length is among the signed headers (checked by the tests), so
   * a body of any other length fails the signature: the browser cannot send more than `size`.
   */
  async partUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    size: number,
    now: Date,
    ttlSeconds: number,
  ): Promise<ReadLink> {
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      ContentLength: size,
    });
    const url = await getSignedUrl(this.publicClient, command, {
      expiresIn: ttlSeconds,
      signingDate: now,
      signableHeaders: new Set(['content-length']),
    });
    return { url, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) };
  }

  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.client
        .send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        )
        .catch(refusedOr('list parts'));
      for (const part of page.Parts ?? [])
        parts.push({
          partNumber: part.PartNumber ?? 0,
          etag: (part.ETag ?? '').replace(/^"|"$/g, ''),
          size: part.Size ?? 0,
        });
      const next = page.NextPartNumberMarker;
      if (!page.IsTruncated || !next || next === marker) return parts;
      marker = next;
    }
  }

  async complete(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<string> {
    const answer = await this.client
      .send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          // Never over an object that exists (a store that knows conditional writes checks here too).
          IfNoneMatch: '*',
          MultipartUpload: {
            Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"` })),
          },
        }),
      )
      .catch(refusedOr('complete upload'));
    // Ceph RGW answers an empty ETag.
    return (answer.ETag ?? '').replace(/^"|"$/g, '');
  }

  async abort(key: string, uploadId: string): Promise<void> {
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
      .catch(refusedOr('abort upload'));
  }
}

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * No answer or a 5xx: the store is down (50300). A 4xx is the request's: RGW says NoSuchKey where
 * AWS says NoSuchUpload for an upload id it does not know, both are NoSuchUpload here.
 */
const refusedOr =
  (operation: string) =>
  (error: unknown): never => {
    const status = statusOf(error);
    if (status === undefined || status >= 500)
      throw new ObjectStoreUnavailableError(operation, { cause: error });
    const name = (error as { Code?: string; name?: string }).Code ?? (error as { name?: string }).name ?? '';
    const code = status === 404 ? 'NoSuchUpload' : name || `HTTP${status}`;
    throw new UploadRefusedError(code, status, { cause: error });
  };
