import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMAGE_OBJECT_KEY, UPLOAD_DEFAULT_REGION } from '@dc/contract';
import type { Config } from '../config.ts';
import { openUploads, removeUpload, storedObjects } from '../oss/cleanup.ts';
import { issueUploadCredentials, openCredentialAuthority } from '../oss/credentials.ts';
import { StoreLayout } from '../oss/layout.ts';
import { ObjectFiles } from '../oss/objects.ts';
import { objectStorePublicUrl } from '../oss/public-url.ts';
import { signedUrlQuery } from '../oss/signature.ts';
import { base64Json, encodeKey } from './encoding.ts';
import type { ObjectStore, OpenUpload, ReadLink, RequestOrigin, StoredObject } from './object-store.ts';

/**
 * The embedded store (server/src/oss): the server reads and writes its files under
 * `DATA_DIR/objects` directly, and signs browsers' uploads and read links with its credential
 * authority; browsers reach it on `OSS_PORT`, where it decides each object's type from its bytes.
 */
export class EmbeddedObjectStore implements ObjectStore {
  readonly kind = 'embedded';
  /** Browsers sign their own requests with the credentials of their grant. */
  readonly partSigning = undefined;
  readonly #layout: StoreLayout;
  readonly #files: ObjectFiles;

  constructor(private readonly config: Config) {
    this.#layout = new StoreLayout(path.join(config.dataDir, 'objects'));
    this.#files = new ObjectFiles(this.#layout);
  }

  async prepare(): Promise<void> {
    await this.#layout.create();
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const meta = await this.#files.stat(this.config.ossBucket, key);
    return meta && { key, size: meta.size, lastModified: new Date(meta.lastModified) };
  }

  async readBytes(key: string, start: number, length: number): Promise<Buffer | undefined> {
    const opened = await this.#files.open(this.config.ossBucket, key);
    if (!opened) return undefined;
    try {
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, opened.meta.size - start)));
      const { bytesRead } = await opened.file.read(bytes, 0, bytes.length, start);
      return bytes.subarray(0, bytesRead);
    } finally {
      await opened.file.close();
    }
  }

  async withLocalFile<T>(
    key: string,
    use: (filePath: string, object: StoredObject) => Promise<T>,
  ): Promise<T | undefined> {
    const opened = await this.#files.open(this.config.ossBucket, key);
    if (!opened) return undefined;
    // The open handle keeps the data file readable even if the object is replaced meanwhile.
    try {
      const { meta } = opened;
      return await use(opened.dataPath, { key, size: meta.size, lastModified: new Date(meta.lastModified) });
    } finally {
      await opened.file.close();
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.#layout.create();
    const temporary = this.#layout.temporaryPath('server');
    await fs.writeFile(temporary, bytes, { mode: 0o600 });
    await this.#files.commit(this.config.ossBucket, key, temporary, {
      size: bytes.length,
      etag: md5Hex(bytes),
      contentType,
      userMeta: {},
      objectType: 'Normal',
    });
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    await this.#layout.create();
    const temporary = this.#layout.temporaryPath('server');
    const md5 = createHash('md5');
    let size = 0;
    await pipeline(
      createReadStream(filePath),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          md5.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
    );
    await this.#files.commit(this.config.ossBucket, key, temporary, {
      size,
      etag: md5.digest('hex').toUpperCase(),
      contentType,
      userMeta: {},
      objectType: 'Normal',
    });
  }

  delete(key: string): Promise<void> {
    return this.#files.delete(this.config.ossBucket, key);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const object of storedObjects(this.#layout, this.config.ossBucket))
      if (object.key.startsWith(prefix)) yield object;
  }

  openUploads(): Promise<OpenUpload[]> {
    return openUploads(this.#layout, this.config.ossBucket);
  }

  abortUpload(upload: OpenUpload): Promise<void> {
    return removeUpload(this.#layout, upload.uploadId);
  }

  async readLink(
    key: string,
    origin: RequestOrigin,
    now: Date,
    ttlSeconds: number,
  ): Promise<ReadLink | undefined> {
    if (!(await this.head(key))) return undefined;
    const authority = await openCredentialAuthority(this.config);
    // A read grant for this one key: the link opens nothing else, not even `key + 'x'`.
    const credentials = authority.issueReadCredentials({ key, ttlSeconds: ttlSeconds + 60 });
    const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
    const query = signedUrlQuery({
      accessKeyId: credentials.AccessKeyId,
      accessKeySecret: credentials.AccessKeySecret,
      securityToken: credentials.SecurityToken,
      bucket: this.config.ossBucket,
      key,
      expires,
    });
    return {
      url: `${this.#publicUrl(origin)}/${this.config.ossBucket}/${encodeKey(key)}?${query}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /**
   * The credentials open exactly `key`, and the store takes at most `declaredBytes` into it (the
   * size the create-upload request announced; a refresh passes the same).
   */
  async uploadGrant(designerId: number, key: string, declaredBytes: number, origin: RequestOrigin) {
    const credentials = await issueUploadCredentials(this.config, {
      designerId,
      objectKey: key,
      maxBytes: declaredBytes,
    });
    return {
      uploadAddress: base64Json({
        Endpoint: this.#publicUrl(origin),
        Bucket: this.config.ossBucket,
        FileName: key,
        PathStyle: true,
      }),
      uploadAuth: base64Json({ ...credentials, Region: UPLOAD_DEFAULT_REGION }),
      requestId: randomBytes(16).toString('hex').toUpperCase(),
    };
  }

  keyOfLink(url: string, origin: RequestOrigin): string | undefined {
    let parsed: URL;
    let base: URL;
    try {
      parsed = new URL(url);
      base = new URL(this.#publicUrl(origin));
    } catch {
      return undefined;
    }
    const bucketPath = `${base.pathname.replace(/\/$/, '')}/${this.config.ossBucket}/`;
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(bucketPath)) return undefined;
    try {
      const key = decodeURIComponent(parsed.pathname.slice(bucketPath.length));
      return IMAGE_OBJECT_KEY.test(key) ? key : undefined;
    } catch {
      return undefined;
    }
  }

  publicOrigin(origin: RequestOrigin): string {
    return new URL(this.#publicUrl(origin)).origin;
  }

  close(): void {}

  #publicUrl(origin: RequestOrigin): string {
    return objectStorePublicUrl(this.config, origin);
  }
}

const md5Hex = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex').toUpperCase();
