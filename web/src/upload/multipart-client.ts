import type { FetchLike, Timers } from './environment.ts';
import { escapeXml, parseOssError, xmlElements, xmlText } from './oss-xml.ts';
import {
  type CompletedPart,
  type ListedPart,
  OssServiceError,
  type StoreClient,
  type StoreLocation,
  type StoreProtocol,
} from './store-client.ts';
import { type FetchedAnswer, timedFetch } from './timed-fetch.ts';

export interface MultipartClientOptions {
  fetch: FetchLike;
  timers: Timers;
  now(): number;
  location: StoreLocation;
  /** Per request, answer included (spec §9: 300 s). */
  timeoutMs: number;
}

/** A request of one operation, before signing. */
export interface StoreRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  key: string;
  /** The operation's sub-resources (`uploads`, `uploadId`, `partNumber`). */
  subResources: Record<string, string | undefined>;
  /** Further query parameters (paging): OSS does not sign them, S3 does. */
  query?: Record<string, string>;
  contentType?: string;
  body?: ArrayBuffer | string;
  signal: AbortSignal;
  /** Bytes of the body sent so far (a part's upload progress). */
  onSent?: ((bytes: number) => void) | undefined;
}

export type StoreAnswer = FetchedAnswer;

const unquote = (etag: string): string => etag.trim().replace(/^"|"$/g, '');

/** Path segments encoded, slashes kept: `a b/c.mp4` → `a%20b/c.mp4`. */
const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/**
 * The five multipart operations as OSS and S3 share them (same URLs, query and XML); a subclass
 * adds only how a request is signed and which header carries the request id.
 */
export abstract class MultipartClient implements StoreClient {
  abstract readonly protocol: StoreProtocol;
  /** The answer header naming the request, for error reports. */
  protected abstract readonly requestIdHeader: string;

  constructor(protected readonly options: MultipartClientOptions) {}

  /** The headers to send to `url`, signature included. */
  protected abstract signedHeaders(request: StoreRequest, url: string): Promise<Record<string, string>>;

  /** Path style `{endpoint}/{bucket}/{key}`, or virtual-hosted `{scheme}://{bucket}.{host}/{key}`. */
  objectUrl(key: string): string {
    const { endpoint, bucket, pathStyle } = this.options.location;
    if (pathStyle) return `${endpoint}/${encodeURIComponent(bucket)}/${encodeKey(key)}`;
    const url = new URL(endpoint);
    return `${url.protocol}//${bucket}.${url.host}/${encodeKey(key)}`;
  }

  async initiateMultipartUpload(key: string, contentType: string, signal: AbortSignal): Promise<string> {
    const answer = await this.#send({
      method: 'POST',
      key,
      subResources: { uploads: undefined },
      contentType,
      signal,
    });
    const uploadId = xmlText(answer.body, 'UploadId');
    if (!uploadId)
      throw new OssServiceError(answer.status, 'InvalidResponse', 'No UploadId in the answer.', undefined);
    return uploadId;
  }

  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: ArrayBuffer,
    signal: AbortSignal,
    onSent?: (bytes: number) => void,
  ): Promise<string> {
    const answer = await this.#send({
      method: 'PUT',
      key,
      subResources: { partNumber: String(partNumber), uploadId },
      contentType: 'application/octet-stream',
      body,
      signal,
      onSent,
    });
    const etag = answer.headers.get('etag');
    // Without ETag exposed by CORS the part cannot be completed: a store misconfiguration.
    if (!etag)
      throw new OssServiceError(answer.status, 'InvalidResponse', 'No ETag in the answer.', undefined);
    return unquote(etag);
  }

  /** Follows `NextPartNumberMarker` across pages. */
  async listParts(key: string, uploadId: string, signal: AbortSignal): Promise<ListedPart[]> {
    const parts: ListedPart[] = [];
    let marker = '0';
    for (;;) {
      const answer = await this.#send({
        method: 'GET',
        key,
        subResources: { uploadId },
        query: { 'max-parts': '1000', 'part-number-marker': marker },
        signal,
      });
      for (const part of xmlElements(answer.body, 'Part')) {
        parts.push({
          partNumber: Number(xmlText(part, 'PartNumber')),
          etag: unquote(xmlText(part, 'ETag') ?? ''),
          size: Number(xmlText(part, 'Size')),
        });
      }
      const next = xmlText(answer.body, 'NextPartNumberMarker');
      if (xmlText(answer.body, 'IsTruncated') !== 'true' || !next || next === marker) return parts;
      marker = next;
    }
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: readonly CompletedPart[],
    signal: AbortSignal,
  ): Promise<string> {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>${parts
      .map(
        (part) =>
          `<Part><PartNumber>${part.partNumber}</PartNumber><ETag>"${escapeXml(part.etag)}"</ETag></Part>`,
      )
      .join('')}</CompleteMultipartUpload>`;
    const answer = await this.#send({
      method: 'POST',
      key,
      subResources: { uploadId },
      contentType: 'application/xml',
      body,
      signal,
    });
    // S3 may answer 200 and tell in the body that assembling failed; only its own faults are worth a retry.
    const failure = parseOssError(answer.body);
    if (failure.code) {
      const retryable = failure.code === 'InternalError' || failure.code === 'SlowDown';
      throw this.serviceError({ ...answer, status: retryable ? 503 : 400 });
    }
    // Ceph RGW answers an empty `<ETag></ETag>`: fall back to the header, else ''. Nothing relies on it.
    return unquote(xmlText(answer.body, 'ETag') || answer.headers.get('etag') || '');
  }

  async abortMultipartUpload(key: string, uploadId: string, signal: AbortSignal): Promise<void> {
    await this.#send({ method: 'DELETE', key, subResources: { uploadId }, signal });
  }

  async #send(request: StoreRequest): Promise<StoreAnswer> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...request.subResources, ...request.query }))
      search.append(name, value ?? '');
    // `?uploads=` is the same sub-resource as `?uploads` to both stores; keep their own spelling.
    const url = `${this.objectUrl(request.key)}?${search.toString().replace(/=(&|$)/g, '$1')}`;
    const headers = await this.signedHeaders(request, url);
    const answer = await timedFetch(
      this.options,
      url,
      {
        method: request.method,
        headers,
        body: request.body,
        ...(request.onSent ? { onUploadProgress: request.onSent } : {}),
      },
      request.signal,
    );
    if (answer.status >= 300) throw this.serviceError(answer);
    return answer;
  }

  /** The store's error answer as an OssServiceError; a subclass may read a code its own way. */
  protected serviceError(answer: StoreAnswer): OssServiceError {
    const error = parseOssError(answer.body);
    return new OssServiceError(
      answer.status,
      error.code ?? `HTTP${answer.status}`,
      error.message || `The object store answered ${answer.status}.`,
      error.requestId ?? answer.headers.get(this.requestIdHeader) ?? undefined,
    );
  }
}
