/**
 * What the uploader needs of an object store, whichever protocol it speaks (issue 19): the five
 * multipart operations and the errors they fail with. OssClient speaks Alibaba OSS (the embedded
 * store), S3Client the S3 API (Ceph RGW, AWS, MinIO, COS); `Protocol` in the upload address picks.
 */

/**
 * How the store is addressed and signed: `Protocol` of the upload address. `s3-presigned`: an S3
 * store without STS, whose parts go to URLs the API presigns (s3-presigned-client.ts).
 */
export type StoreProtocol = 'oss' | 's3' | 's3-presigned';

/** No answer: the connection failed (`network`) or the answer took longer than the timeout. */
export class OssTransportError extends Error {
  readonly code: 'RequestError' | 'ConnectionTimeoutError';
  constructor(
    readonly kind: 'network' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(
      kind === 'timeout'
        ? 'The request to the object store timed out.'
        : 'The object store could not be reached.',
      options,
    );
    this.name = 'OssTransportError';
    this.code = kind === 'timeout' ? 'ConnectionTimeoutError' : 'RequestError';
  }
}

/** An error answer of the store (OSS or S3, same XML): its HTTP status and `<Code>`. */
export class OssServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
  ) {
    super(message);
    this.name = 'OssServiceError';
  }
}

/** The caller aborted (stop, cancel, delete): not a failure to report. */
export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was stopped.');
    this.name = 'UploadAbortedError';
  }
}

/** Another attempt may succeed: no answer, or a server-side error (spec §8: timeouts, 5xx). */
export const isRetryable = (error: unknown): boolean =>
  error instanceof OssTransportError || (error instanceof OssServiceError && error.status >= 500);

export interface StoreLocation {
  endpoint: string;
  bucket: string;
  pathStyle: boolean;
}

export interface ListedPart {
  partNumber: number;
  /** Quotes removed. */
  etag: string;
  size: number;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** The multipart operations of one object store, signed with one set of temporary credentials. */
export interface StoreClient {
  readonly protocol: StoreProtocol;
  /** Answers the upload id. */
  initiateMultipartUpload(key: string, contentType: string, signal: AbortSignal): Promise<string>;
  /** Sends one part; answers its ETag (quotes removed). */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: ArrayBuffer,
    signal: AbortSignal,
    onSent?: (bytes: number) => void,
  ): Promise<string>;
  /** Every part the store holds of the upload. */
  listParts(key: string, uploadId: string, signal: AbortSignal): Promise<ListedPart[]>;
  /** Assembles the object from `parts` (ascending); answers the object's ETag, '' when the store gives none. */
  completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: readonly CompletedPart[],
    signal: AbortSignal,
  ): Promise<string>;
  abortMultipartUpload(key: string, uploadId: string, signal: AbortSignal): Promise<void>;
}
