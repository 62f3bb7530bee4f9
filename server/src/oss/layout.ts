import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where things live under `DATA_DIR/objects`:
 *
 *   <bucket>/<h0h1>/<h2h3>/<h>.json            the object's metadata, naming its data file
 *   <bucket>/<h0h1>/<h2h3>/<h>.<version>.data  the object's bytes
 *   .multipart/<uploadId>/upload.json          an open multipart upload
 *   .multipart/<uploadId>/<n>.json, <n>.<version>.part   its parts
 *   .tmp/                                       files being received (same file system, so rename is atomic)
 *
 * `h` is the SHA-256 of the object key: any key, `../../x` included, names exactly one file
 * inside the store, and keys longer than a file name fit.
 */
export class StoreLayout {
  readonly temporaryDir: string;
  readonly multipartDir: string;

  constructor(readonly root: string) {
    this.temporaryDir = path.join(root, '.tmp');
    this.multipartDir = path.join(root, '.multipart');
  }

  async create(): Promise<void> {
    await fs.mkdir(this.temporaryDir, { recursive: true });
    await fs.mkdir(this.multipartDir, { recursive: true });
  }

  /** The directory and file stem of a key; bucket names are validated before they get here. */
  objectLocation(bucket: string, key: string): { dir: string; stem: string } {
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    return { dir: path.join(this.root, bucket, hash.slice(0, 2), hash.slice(2, 4)), stem: hash };
  }

  /** Upload ids are ours (32 upper-case hex digits); anything else is no upload, never a path. */
  uploadDir(uploadId: string): string | undefined {
    return /^[0-9A-F]{32}$/.test(uploadId) ? path.join(this.multipartDir, uploadId) : undefined;
  }

  /** A fresh, unused path in the temporary directory. */
  temporaryPath(label: string): string {
    return path.join(this.temporaryDir, `${label}-${newVersion()}`);
  }
}

/** A unique, roughly time-ordered name component. */
export const newVersion = (): string => `${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
