import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_DEFAULT_REGION } from '@dc/contract';
import type { Config } from '../config.ts';
import {
  designerPrefix,
  issueUploadCredentials,
  objectStorePublicUrl,
  openCredentialAuthority,
  signedUrlQuery,
} from '../oss/index.ts';
import { StoreLayout } from '../oss/layout.ts';
import { ObjectFiles, type ObjectMeta } from '../oss/objects.ts';
import { ensureDemoObject } from './demo-objects.ts';

/** How long a play or cover link works; the token behind it lives as long. */
export const READ_LINK_TTL_SECONDS = 2 * 60 * 60;

/** Where the API request came in (for the store's public URL when `OSS_PUBLIC_URL` is unset). */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

/**
 * The VOD module's view of the embedded object store: the store's own files (no HTTP) to look
 * up, write and delete objects, and its credential authority to sign uploads and read links.
 */
export class MediaStore {
  readonly #objects: ObjectFiles;
  readonly #layout: StoreLayout;

  constructor(private readonly config: Config) {
    this.#layout = new StoreLayout(path.join(config.dataDir, 'objects'));
    this.#objects = new ObjectFiles(this.#layout);
  }

  /** HeadObject: the stored object's metadata, or undefined. */
  head(key: string): Promise<ObjectMeta | undefined> {
    return this.#objects.stat(this.config.ossBucket, key);
  }

  delete(key: string): Promise<void> {
    return this.#objects.delete(this.config.ossBucket, key);
  }

  /** PutObject from bytes in memory (the seed's small fixture files). */
  async put(key: string, bytes: Buffer, contentType: string, etag: string): Promise<void> {
    await this.#layout.create();
    const temporary = this.#layout.temporaryPath('seed');
    await fs.writeFile(temporary, bytes, { mode: 0o600 });
    await this.#objects.commit(this.config.ossBucket, key, temporary, {
      size: bytes.length,
      etag,
      contentType,
      userMeta: {},
      objectType: 'Normal',
    });
  }

  publicUrl(origin: RequestOrigin): string {
    return objectStorePublicUrl(this.config, origin);
  }

  /**
   * create-upload / refresh-upload's `uploadAddress` and `uploadAuth` for one object: the
   * credentials open exactly `key`, and the store takes at most `declaredBytes` into it (the size
   * the create-upload request announced; a refresh passes the same).
   */
  async uploadGrant(designerId: number, key: string, declaredBytes: number, origin: RequestOrigin) {
    const credentials = await issueUploadCredentials(this.config, {
      designerId,
      objectKey: key,
      maxBytes: declaredBytes,
    });
    return {
      uploadAddress: base64Json({
        Endpoint: this.publicUrl(origin),
        Bucket: this.config.ossBucket,
        FileName: key,
        PathStyle: true,
      }),
      uploadAuth: base64Json({ ...credentials, Region: UPLOAD_DEFAULT_REGION }),
      requestId: randomBytes(16).toString('hex').toUpperCase(),
    };
  }

  /**
   * A signed GET link to one object of the designer (a `<video src>` or `<img src>`), with Range
   * support from the store. Only this key: the signature covers it, and the link carries no secret.
   */
  async readLink(
    _designerId: number,
    key: string,
    origin: RequestOrigin,
    now: Date,
  ): Promise<{ url: string; expiresAt: Date }> {
    await ensureDemoObject(this.config, this, key);
    const authority = await openCredentialAuthority(this.config);
    // A read grant for this one key: the link opens nothing else, not even `key + 'x'`.
    const credentials = authority.issueReadCredentials({ key, ttlSeconds: READ_LINK_TTL_SECONDS + 60 });
    const expires = Math.floor(now.getTime() / 1000) + READ_LINK_TTL_SECONDS;
    const query = signedUrlQuery({
      accessKeyId: credentials.AccessKeyId,
      accessKeySecret: credentials.AccessKeySecret,
      securityToken: credentials.SecurityToken,
      bucket: this.config.ossBucket,
      key,
      expires,
    });
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return {
      url: `${this.publicUrl(origin)}/${this.config.ossBucket}/${encodedKey}?${query}`,
      expiresAt: new Date(expires * 1000),
    };
  }
}

const base64Json = (value: object): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** One MediaStore per configuration object. */
const stores = new WeakMap<Config, MediaStore>();
export function mediaStoreFor(config: Config): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = new MediaStore(config);
    stores.set(config, store);
  }
  return store;
}

/**
 * A fresh object key of the designer's: `designers/<id>/<videos|images>/<32 hex>.<ext>`. Nothing of
 * the file name but a known extension goes in, so `../../x` or any other name stays a plain key.
 */
export function newObjectKey(designerId: number, kind: 'videos' | 'images', extension: string): string {
  const safeExtension = /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
  return `${designerPrefix(designerId)}${kind}/${randomBytes(16).toString('hex')}${safeExtension}`;
}
