import { createHash } from 'node:crypto';
import type { vi } from 'vitest';
import type { FetchLike, FetchRequestInit, FetchResponseLike } from '../../src/upload/environment.ts';
import {
  encodeBase64Json,
  type KeyValueStorage,
  type UploaderOptions,
  type UploadInfo,
  type UploadSource,
  VodUploader,
} from '../../src/upload/index.ts';

/** Node's fetch as the uploader's FetchLike (the tests against a real store or server). */
export const nodeFetch: FetchLike = async (url, init) => {
  const response = await fetch(url, {
    method: init.method,
    headers: init.headers,
    body: init.body ?? null,
    signal: init.signal ?? null,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text: async () => text };
};

export const MB = 1024 * 1024;
export const ENDPOINT = 'http://store.test';
export const BUCKET = 'designer-console';

/** A file whose bytes are `content`, or `size` bytes of a repeating pattern. */
export function memoryFile(
  name: string,
  size: number,
  options: { lastModified?: number; type?: string; unreadable?: boolean } = {},
): UploadSource & { bytes: Uint8Array } {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + name.length) & 0xff;
  return {
    bytes,
    name,
    size,
    lastModified: options.lastModified ?? 1_700_000_000_000,
    type: options.type ?? 'video/mp4',
    slice(start = 0, end = size) {
      if (options.unreadable) {
        return { arrayBuffer: () => Promise.reject(new Error('NotReadableError')) } as unknown as Blob;
      }
      return new Blob([bytes.slice(start, end)]);
    },
  };
}

export function mapStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

export const credentials = (overrides: Record<string, string> = {}) => ({
  AccessKeyId: 'STS.TESTKEY',
  AccessKeySecret: 'secret',
  SecurityToken: 'token',
  Expiration: '2030-01-01T00:00:00Z',
  ...overrides,
});

export const uploadAuth = (overrides: Record<string, string> = {}) =>
  encodeBase64Json(credentials(overrides));
export const uploadAddress = (key = 'designers/7/clip.mp4', overrides: Record<string, unknown> = {}) =>
  encodeBase64Json({ Endpoint: ENDPOINT, Bucket: BUCKET, FileName: key, PathStyle: true, ...overrides });

/** One request as the fake store saw it. */
export interface SeenRequest {
  operation: 'initiate' | 'uploadPart' | 'listParts' | 'complete' | 'abort' | 'other';
  method: string;
  url: URL;
  key: string;
  partNumber: number | undefined;
  uploadId: string | undefined;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/**
 * What the fake store does with a request instead of serving it: an OSS error answer, no answer
 * (`network`), an answer that never comes until aborted (`hang`), or a promise of any of these
 * (to hold a request). Undefined: serve it.
 */
export type Interception = { status: number; code: string } | 'network' | 'hang' | undefined;

interface StoredPart {
  etag: string;
  size: number;
}

const answer = (status: number, body = '', headers: Record<string, string> = {}): FetchResponseLike => {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    status,
    headers: { get: (name) => lower.get(name.toLowerCase()) ?? null },
    text: async () => body,
  };
};

const errorXml = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code} happened</Message><RequestId>REQ1</RequestId></Error>`;

const operationOf = (method: string, query: URLSearchParams): SeenRequest['operation'] => {
  if (method === 'POST' && query.has('uploads')) return 'initiate';
  if (method === 'PUT' && query.has('partNumber')) return 'uploadPart';
  if (method === 'GET' && query.has('uploadId')) return 'listParts';
  if (method === 'POST' && query.has('uploadId')) return 'complete';
  if (method === 'DELETE' && query.has('uploadId')) return 'abort';
  return 'other';
};

/** An in-memory OSS multipart subset behind a FetchLike, with a hook to break any request. */
export function fakeStore() {
  const uploads = new Map<string, Map<number, StoredPart>>();
  const objects = new Map<string, { size: number; parts: number }>();
  const requests: SeenRequest[] = [];
  let nextUploadId = 1;
  let inFlight = 0;
  let maxInFlight = 0;
  let intercept: (request: SeenRequest) => Interception | Promise<Interception> = () => undefined;

  const serve = (request: SeenRequest, init: FetchRequestInit): FetchResponseLike => {
    const parts = request.uploadId ? uploads.get(request.uploadId) : undefined;
    switch (request.operation) {
      case 'initiate': {
        const uploadId = `UPLOAD${nextUploadId++}`;
        uploads.set(uploadId, new Map());
        return answer(
          200,
          `<InitiateMultipartUploadResult><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case 'uploadPart': {
        if (!parts) return answer(404, errorXml('NoSuchUpload'));
        const body = new Uint8Array(init.body as ArrayBuffer);
        const etag = createHash('md5').update(body).digest('hex').toUpperCase();
        parts.set(request.partNumber!, { etag, size: body.length });
        return answer(200, '', { ETag: `"${etag}"` });
      }
      case 'listParts': {
        if (!parts) return answer(404, errorXml('NoSuchUpload'));
        const marker = Number(request.url.searchParams.get('part-number-marker') ?? 0);
        const listed = [...parts.entries()].filter(([n]) => n > marker).sort(([a], [b]) => a - b);
        // Pages of 2, so the client's paging is exercised.
        const page = listed.slice(0, 2);
        const xml = page
          .map(
            ([n, p]) =>
              `<Part><PartNumber>${n}</PartNumber><ETag>"${p.etag}"</ETag><Size>${p.size}</Size></Part>`,
          )
          .join('');
        return answer(
          200,
          `<ListPartsResult><NextPartNumberMarker>${page.at(-1)?.[0] ?? marker}</NextPartNumberMarker><IsTruncated>${listed.length > 2}</IsTruncated>${xml}</ListPartsResult>`,
        );
      }
      case 'complete': {
        if (!parts) return answer(404, errorXml('NoSuchUpload'));
        const listedNumbers = [...(init.body as string).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map(
          (m) => Number(m[1]),
        );
        const size = listedNumbers.reduce((sum, n) => sum + (parts.get(n)?.size ?? Number.NaN), 0);
        if (Number.isNaN(size)) return answer(400, errorXml('InvalidPart'));
        objects.set(request.key, { size, parts: listedNumbers.length });
        uploads.delete(request.uploadId!);
        return answer(
          200,
          `<CompleteMultipartUploadResult><ETag>"OBJECT-${listedNumbers.length}"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'abort':
        if (!parts) return answer(404, errorXml('NoSuchUpload'));
        uploads.delete(request.uploadId!);
        return answer(204);
      default:
        return answer(501, errorXml('NotImplemented'));
    }
  };

  const fetch: FetchLike = async (url, init) => {
    const parsed = new URL(url);
    const query = parsed.searchParams;
    const partNumber = query.get('partNumber');
    const request: SeenRequest = {
      operation: operationOf(init.method, query),
      method: init.method,
      url: parsed,
      key: decodeURIComponent(parsed.pathname.split('/').slice(2).join('/')),
      partNumber: partNumber === null ? undefined : Number(partNumber),
      uploadId: query.get('uploadId') ?? undefined,
      headers: init.headers,
      signal: init.signal,
    };
    requests.push(request);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const outcome = await intercept(request);
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      if (outcome === 'network') throw new TypeError('fetch failed');
      if (outcome === 'hang') {
        await new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      if (outcome && typeof outcome === 'object') return answer(outcome.status, errorXml(outcome.code));
      return serve(request, init);
    } finally {
      inFlight--;
    }
  };

  return {
    fetch,
    uploads,
    objects,
    requests,
    maxInFlight: () => maxInFlight,
    of: (operation: SeenRequest['operation']) => requests.filter((r) => r.operation === operation),
    /** Replaces the interception hook. */
    intercept(hook: (request: SeenRequest) => Interception | Promise<Interception>) {
      intercept = hook;
    },
  };
}

export type FakeStore = ReturnType<typeof fakeStore>;

/**
 * Lets promises, microtasks and real I/O (WebCrypto signs off the main thread, Blob reads)
 * settle without moving fake time: tests fake only setTimeout, so setImmediate is real.
 */
export const settle = async (turns = 20) => {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Settles until `condition` holds; fails the test if it never does. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  // Bounded by real time, not turns: a WebCrypto job may take many turns on a busy machine.
  const deadline = performance.now() + 5_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`never reached: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Fakes only the timers the uploader uses, so `settle` and `until` keep working. */
export const FAKE_TIMERS: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout'] };

/** Every callback call, in order, as `name:itemFileName[:code]`. */
export function callbackLog() {
  const log: string[] = [];
  const name = (item: UploadInfo | undefined) => item?.file.name ?? '-';
  return {
    log,
    callbacks: {
      onUploadstarted: (item: UploadInfo) => log.push(`started:${name(item)}`),
      onUploadSucceed: (item: UploadInfo) => log.push(`succeed:${name(item)}`),
      onUploadFailed: (item: UploadInfo, code: string) => log.push(`failed:${name(item)}:${code}`),
      onUploadCanceled: (item: UploadInfo, code: string) => log.push(`canceled:${name(item)}:${code}`),
      onUploadTokenExpired: (item: UploadInfo) => log.push(`expired:${name(item)}`),
      onUploadEnd: (item: UploadInfo | undefined) => log.push(`end:${name(item)}`),
    },
  };
}

/**
 * An uploader on the fake store whose app answers onUploadstarted at once with valid auth for
 * `designers/7/<file name>` (as the page does with create-upload), unless `answerStart` is false.
 * The fake store serves OSS and S3 requests alike (it reads no signature).
 */
export function uploaderOn(
  store: FakeStore,
  options: UploaderOptions & {
    answerStart?: boolean;
    storage?: KeyValueStorage;
    /** Fields of the upload address the app answers with (`Protocol: 's3'`, …). */
    address?: Record<string, unknown>;
  } = {},
) {
  const { log, callbacks } = callbackLog();
  const storage = options.storage ?? mapStorage();
  const { answerStart = true, address, ...rest } = options;
  const uploader: VodUploader = new VodUploader({
    fetch: store.fetch,
    storage,
    pageEvents: undefined,
    ...callbacks,
    ...rest,
    onUploadstarted: (item) => {
      callbacks.onUploadstarted(item);
      rest.onUploadstarted?.(item);
      if (answerStart)
        uploader.setUploadAuthAndAddress(
          item,
          uploadAuth(),
          uploadAddress(`designers/7/${item.file.name}`, address),
          'video-1',
        );
    },
  });
  return { uploader, log, storage };
}
