/**
 * Where the console's objects (videos, pictures, models) live, as the rest of the server sees it.
 * Two backends: the embedded store on this machine (embedded.ts, the default) and any
 * S3-compatible store (s3.ts). Modules use this interface only, never a backend's files or client.
 */

/** Where the API request came in: the embedded store's public URL follows it when unset. */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** An unfinished multipart upload, as the clean-up sees it. */
export interface OpenUpload {
  key: string;
  uploadId: string;
  initiated: Date;
}

/** What create-upload and refresh-upload answer (spec §5): base64 JSON the uploader decodes. */
export interface UploadGrant {
  uploadAddress: string;
  uploadAuth: string;
  requestId: string;
}

/** A part the store holds of an unfinished multipart upload. */
export interface StoredPart {
  partNumber: number;
  /** Quotes removed. */
  etag: string;
  size: number;
}

/**
 * A multipart upload the server runs for a browser that holds no credentials of the store (S3
 * without STS): it starts, lists, completes and aborts the upload itself, and presigns one PUT per
 * part whose Content-Length the signature covers. Failures the request caused (an unknown upload,
 * a part the store refuses) are UploadRefusedError; an unreachable store ObjectStoreUnavailableError.
 */
export interface PartSigning {
  initiate(key: string, contentType: string): Promise<string>;
  /** How many multipart uploads of exactly `key` are open (started, neither completed nor aborted). */
  openUploadCount(key: string): Promise<number>;
  partUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    size: number,
    now: Date,
    ttlSeconds: number,
  ): Promise<ReadLink>;
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** Assembles the object, only if the key holds none yet; answers its ETag ('' when the store gives none). */
  complete(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<string>;
  abort(key: string, uploadId: string): Promise<void>;
}

export interface ReadLink {
  url: string;
  expiresAt: Date;
}

export interface ObjectStore {
  readonly kind: 'embedded' | 's3';
  /** Checks the settings and makes the bucket ready (S3: created if missing, CORS set). */
  prepare(): Promise<void>;
  head(key: string): Promise<StoredObject | undefined>;
  /** Up to `length` bytes from `start`; undefined when the object is missing. */
  readBytes(key: string, start: number, length: number): Promise<Buffer | undefined>;
  /**
   * Runs `use` with the object as a file on this machine (a decoder that opens files itself):
   * the stored file in the embedded store, a temporary copy under DATA_DIR for S3, removed after.
   */
  withLocalFile<T>(
    key: string,
    use: (filePath: string, object: StoredObject) => Promise<T>,
  ): Promise<T | undefined>;
  /** Writes a small object the server itself makes (demo media). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Writes the file at `filePath` as the object, streamed (a video of gigabytes never sits in memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<StoredObject>;
  openUploads(): Promise<OpenUpload[]>;
  abortUpload(upload: OpenUpload): Promise<void>;
  /**
   * A signed GET link to this one key (an <img>, a <video> with Range, the 3D viewer's fetch),
   * answered with the type decided from the object's bytes; undefined when the object is missing.
   */
  readLink(key: string, origin: RequestOrigin, now: Date, ttlSeconds: number): Promise<ReadLink | undefined>;
  /** Credentials that open exactly `key` for an upload of `declaredBytes`. */
  uploadGrant(
    designerId: number,
    key: string,
    declaredBytes: number,
    origin: RequestOrigin,
  ): Promise<UploadGrant>;
  /** Set when browsers upload through the API's presigned part URLs (S3 without S3_STS_ROLE_ARN). */
  readonly partSigning: PartSigning | undefined;
  /** The origin browsers reach the store at (an address there is ours, never an outside one). */
  publicOrigin(origin: RequestOrigin): string;
  /** The key a read link of this store points at, or undefined for any other URL. */
  keyOfLink(url: string, origin: RequestOrigin): string | undefined;
  close(): void;
}
