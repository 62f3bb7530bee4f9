import {
  OBJECT_UPLOAD_KEY_ID_HEADER,
  OBJECT_UPLOAD_TOKEN_HEADER,
  OBJECT_UPLOADS_PATH,
  objectUploadsApi,
} from '@dc/contract';
import type { FetchLike, Timers } from './environment.ts';
import { parseOssError } from './oss-xml.ts';
import {
  type CompletedPart,
  type ListedPart,
  OssServiceError,
  type StoreClient,
  type StoreLocation,
} from './store-client.ts';
import { type FetchedAnswer, timedFetch } from './timed-fetch.ts';

export interface S3PresignedClientOptions {
  fetch: FetchLike;
  timers: Timers;
  timeoutMs: number;
  location: StoreLocation;
  /** The API's object-uploads calls (uploadAddress's `SigningUrl`), absolute. */
  signingUrl: string;
  /** The grant's AccessKeyId and SecurityToken: they open the calls for the grant's one key. */
  credentials: { accessKeyId: string; securityToken: string };
}

type Operation = keyof typeof objectUploadsApi;

/**
 * An S3 store without STS (issue 19, `Protocol: 's3-presigned'`): the browser holds no credentials
 * of the store. Initiate, list, complete and abort are calls of our API (`SigningUrl`), which runs
 * them for the grant's key; each part is a PUT of its bytes to a URL the API presigned for its
 * number and exact length, sent through the uploader's own fetch so its progress is reported.
 * Refusals come back in the store's words (`data.reason`), so the uploader acts on them as on OSS
 * or S3 answers (expired credentials, a vanished upload, an object already stored).
 */
export class S3PresignedClient implements StoreClient {
  readonly protocol = 's3-presigned';

  constructor(private readonly options: S3PresignedClientOptions) {}

  async initiateMultipartUpload(_key: string, contentType: string, signal: AbortSignal): Promise<string> {
    const data = await this.#call<{ uploadId: string }>('initiate', { contentType }, signal);
    return data.uploadId;
  }

  async uploadPart(
    _key: string,
    uploadId: string,
    partNumber: number,
    body: ArrayBuffer,
    signal: AbortSignal,
    onSent?: (bytes: number) => void,
  ): Promise<string> {
    const { url } = await this.#call<{ url: string }>(
      'part',
      { uploadId, partNumber, size: body.byteLength },
      signal,
    );
    // Only the host and Content-Length are signed; the browser sets the latter from the body.
    const answer = await timedFetch(
      this.options,
      url,
      { method: 'PUT', headers: {}, body, ...(onSent ? { onUploadProgress: onSent } : {}) },
      signal,
    );
    if (answer.status >= 300) throw storeError(answer);
    const etag = answer.headers.get('etag');
    if (!etag)
      throw new OssServiceError(answer.status, 'InvalidResponse', 'No ETag in the answer.', undefined);
    return etag.trim().replace(/^"|"$/g, '');
  }

  async listParts(_key: string, uploadId: string, signal: AbortSignal): Promise<ListedPart[]> {
    const data = await this.#call<{ parts: ListedPart[] }>('listParts', { uploadId }, signal);
    return data.parts;
  }

  async completeMultipartUpload(
    _key: string,
    uploadId: string,
    parts: readonly CompletedPart[],
    signal: AbortSignal,
  ): Promise<string> {
    const data = await this.#call<{ etag: string }>('complete', { uploadId, parts }, signal);
    return data.etag;
  }

  async abortMultipartUpload(_key: string, uploadId: string, signal: AbortSignal): Promise<void> {
    await this.#call('abort', { uploadId }, signal);
  }

  /** One object-uploads call; a refusal is an OssServiceError with the reason as its code. */
  async #call<T>(operation: Operation, body: object, signal: AbortSignal): Promise<T> {
    const path = objectUploadsApi[operation].path.slice(OBJECT_UPLOADS_PATH.length);
    const { accessKeyId, securityToken } = this.options.credentials;
    const answer = await timedFetch(
      this.options,
      `${this.options.signingUrl}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [OBJECT_UPLOAD_KEY_ID_HEADER]: accessKeyId,
          [OBJECT_UPLOAD_TOKEN_HEADER]: securityToken,
        },
        body: JSON.stringify(body),
      },
      signal,
    );
    let envelope: { code?: number; msg?: string; data?: unknown } | undefined;
    try {
      envelope = JSON.parse(answer.body) as typeof envelope;
    } catch {
      envelope = undefined;
    }
    if (answer.status < 300 && envelope?.code === 200) return envelope.data as T;
    const reason = (envelope?.data as { reason?: unknown } | null | undefined)?.reason;
    const status = answer.status >= 300 ? answer.status : 500;
    return Promise.reject(
      new OssServiceError(
        status,
        typeof reason === 'string' ? reason : `HTTP${status}`,
        envelope?.msg || `The upload API answered ${status}.`,
        answer.headers.get('x-request-id') ?? undefined,
      ),
    );
  }
}

/**
 * The store's answer to a part's PUT. A presigned URL past its time is S3's 403 AccessDenied
 * "Request has expired": new credentials (and a new URL) are the cure, as for an expired token.
 */
function storeError(answer: FetchedAnswer): OssServiceError {
  const error = parseOssError(answer.body);
  const expired = answer.status === 403 && /expired/i.test(error.message ?? '');
  return new OssServiceError(
    answer.status,
    expired ? 'ExpiredToken' : (error.code ?? `HTTP${answer.status}`),
    error.message || `The object store answered ${answer.status}.`,
    error.requestId ?? answer.headers.get('x-amz-request-id') ?? undefined,
  );
}
