import type { FetchLike, FetchResponseLike, Timers } from './environment.ts';
import { authorization, canonicalResource, type SigningCredentials } from './oss-sign.ts';
import { escapeXml, parseOssError, xmlElements, xmlText } from './oss-xml.ts';

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

/** An OSS error answer: its HTTP status and `<Code>`. */
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

export interface OssLocation {
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

export interface OssClientOptions {
  fetch: FetchLike;
  timers: Timers;
  now(): number;
  credentials: SigningCredentials;
  location: OssLocation;
  /** Per request, answer included (spec §9: 300 s). */
  timeoutMs: number;
}

interface OssRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  key: string;
  /** Signed sub-resources. */
  subResources: Record<string, string | undefined>;
  /** Query parameters that are not signed (paging). */
  query?: Record<string, string>;
  contentType?: string;
  body?: ArrayBuffer | string;
  signal: AbortSignal;
  /** Bytes of the body sent so far (a part's upload progress). */
  onSent?: ((bytes: number) => void) | undefined;
}

interface OssAnswer {
  status: number;
  headers: FetchResponseLike['headers'];
  body: string;
}

const unquote = (etag: string): string => etag.trim().replace(/^"|"$/g, '');

/** Path segments encoded, slashes kept: `a b/c.mp4` → `a%20b/c.mp4`. */
const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/** The five multipart operations the uploader needs, signed with temporary credentials. */
export class OssClient {
  constructor(private readonly options: OssClientOptions) {}

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

  /** Sends one part; answers its ETag (quotes removed). */
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

  /** Every part of the upload, following `NextPartNumberMarker` across pages. */
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

  /** Assembles the object from `parts` (ascending); answers the object's ETag. */
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
    return unquote(xmlText(answer.body, 'ETag') ?? answer.headers.get('etag') ?? '');
  }

  async abortMultipartUpload(key: string, uploadId: string, signal: AbortSignal): Promise<void> {
    await this.#send({ method: 'DELETE', key, subResources: { uploadId }, signal });
  }

  async #send(request: OssRequest): Promise<OssAnswer> {
    const { credentials, location, timers } = this.options;
    const headers: Record<string, string> = {
      'x-oss-date': new Date(this.options.now()).toUTCString(),
      'x-oss-security-token': credentials.securityToken,
    };
    if (request.contentType) headers['Content-Type'] = request.contentType;
    headers.Authorization = await authorization(credentials, {
      method: request.method,
      headers,
      resource: canonicalResource(location.bucket, request.key, request.subResources),
    });

    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...request.subResources, ...request.query }))
      search.append(name, value ?? '');
    // `?uploads=` is the same sub-resource as `?uploads` to OSS, but keep OSS's own spelling.
    const url = `${this.objectUrl(request.key)}?${search.toString().replace(/=(&|$)/g, '$1')}`;

    if (request.signal.aborted) throw new UploadAbortedError();
    const controller = new AbortController();
    const forwardAbort = () => controller.abort();
    request.signal.addEventListener('abort', forwardAbort, { once: true });
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    let answer: OssAnswer;
    try {
      const response = await this.options.fetch(url, {
        method: request.method,
        headers,
        body: request.body,
        signal: controller.signal,
        ...(request.onSent ? { onUploadProgress: request.onSent } : {}),
      });
      answer = { status: response.status, headers: response.headers, body: await response.text() };
    } catch (error) {
      if (request.signal.aborted) throw new UploadAbortedError();
      throw new OssTransportError(timedOut ? 'timeout' : 'network', { cause: error });
    } finally {
      timers.clearTimeout(timer);
      request.signal.removeEventListener('abort', forwardAbort);
    }
    if (answer.status >= 300) {
      const error = parseOssError(answer.body);
      throw new OssServiceError(
        answer.status,
        error.code ?? `HTTP${answer.status}`,
        error.message ?? `The object store answered ${answer.status}.`,
        error.requestId ?? answer.headers.get('x-oss-request-id') ?? undefined,
      );
    }
    return answer;
  }
}
