import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { OssError } from './errors.ts';
import { isMissing, type ReceivedFile, readJson, tooLarge, writeJsonAtomically } from './files.ts';
import { KeyedLock } from './keyed-lock.ts';
import { newVersion, type StoreLayout } from './layout.ts';
import { alreadyExists, type ObjectFiles, type ObjectMeta } from './objects.ts';
import type { CompletedPart } from './xml.ts';

/** OSS's limits: part numbers 1 to 10000; every part but the last at least 100 KB. */
export const MAX_PART_NUMBER = 10_000;
export const MIN_PART_SIZE = 100 * 1024;

export interface UploadRecord {
  uploadId: string;
  bucket: string;
  key: string;
  /** ISO 8601. */
  initiated: string;
  contentType: string;
  userMeta: Record<string, string>;
  /** The most bytes the object may have: the initiating grant's (absent in records of older versions). */
  maxBytes?: number;
}

export interface PartRecord {
  partNumber: number;
  /** Upper-case hex MD5 of the part, unquoted. */
  etag: string;
  size: number;
  lastModified: string;
  dataFile: string;
}

const UPLOAD_FILE = 'upload.json';

/**
 * The first half of an upload id names its object (16 hex digits of a hash of bucket and key),
 * the second half is random: the open uploads of one key are found by their directory names.
 */
const keyTag = (bucket: string, key: string): string =>
  createHash('sha256').update(`${bucket}\n${key}`, 'utf8').digest('hex').slice(0, 16).toUpperCase();

/**
 * Multipart uploads on disk, one directory per upload. A part is received into the temporary
 * directory, renamed into the upload, and then made current by its small JSON record, so a
 * re-sent part replaces the earlier one whole. Completion streams the parts into one new file
 * and commits it like any object; the upload directory goes only after that.
 */
export class MultipartUploads {
  readonly #lock = new KeyedLock();
  /** Sizes of each open upload's current parts, read from disk once per process, then kept. */
  readonly #partSizes = new Map<string, Map<number, number>>();

  constructor(
    private readonly layout: StoreLayout,
    private readonly objects: ObjectFiles,
  ) {}

  /**
   * Opens an upload of `key`. One key has one open upload: a new one replaces (aborts) any
   * earlier one, so a grant for N bytes holds at most N bytes of parts, however often it initiates.
   * An uploader that lost its resume record simply starts again.
   */
  async initiate(upload: Omit<UploadRecord, 'uploadId' | 'initiated'>): Promise<UploadRecord> {
    const tag = keyTag(upload.bucket, upload.key);
    const record: UploadRecord = {
      ...upload,
      uploadId: `${tag}${randomBytes(8).toString('hex').toUpperCase()}`,
      initiated: new Date().toISOString(),
    };
    return this.#lock.run(`initiate/${tag}`, async () => {
      for (const earlier of await this.#uploadIdsTagged(tag)) {
        const found = await readJson<UploadRecord>(path.join(this.layout.uploadDir(earlier)!, UPLOAD_FILE));
        if (found?.bucket === upload.bucket && found.key === upload.key)
          await this.#discard(earlier).catch(ignoreNoSuchUpload);
      }
      // Built aside and renamed into place, so an upload directory always has its record.
      const staging = this.layout.temporaryPath('upload');
      try {
        await fs.mkdir(staging);
        await fs.writeFile(path.join(staging, UPLOAD_FILE), JSON.stringify(record), { mode: 0o600 });
        await fs.rename(staging, this.layout.uploadDir(record.uploadId)!);
      } catch (error) {
        await fs.rm(staging, { recursive: true, force: true });
        throw error;
      }
      this.#partSizes.set(record.uploadId, new Map());
      return record;
    });
  }

  async #uploadIdsTagged(tag: string): Promise<string[]> {
    const names = await fs.readdir(this.layout.multipartDir).catch(() => [] as string[]);
    return names.filter((name) => name.startsWith(tag) && this.layout.uploadDir(name));
  }

  /** The most bytes `upload`'s object may have under a grant of `grantMaxBytes`. */
  limitOf(upload: UploadRecord, grantMaxBytes: number): number {
    return Math.min(grantMaxBytes, upload.maxBytes ?? grantMaxBytes);
  }

  /** Bytes of the upload's current parts, leaving out part `except` (the one being replaced). */
  async storedBytes(upload: UploadRecord, except?: number): Promise<number> {
    let total = 0;
    for (const [partNumber, size] of await this.#sizesOf(upload)) if (partNumber !== except) total += size;
    return total;
  }

  /** The same, from what is already known (no disk read): for the per-chunk check while receiving. */
  knownStoredBytes(upload: UploadRecord, except?: number): number {
    let total = 0;
    for (const [partNumber, size] of this.#partSizes.get(upload.uploadId) ?? [])
      if (partNumber !== except) total += size;
    return total;
  }

  async #sizesOf(upload: UploadRecord): Promise<Map<number, number>> {
    let sizes = this.#partSizes.get(upload.uploadId);
    if (!sizes) {
      sizes = new Map((await this.listParts(upload)).map((part) => [part.partNumber, part.size]));
      this.#partSizes.set(upload.uploadId, sizes);
    }
    return sizes;
  }

  /** The open upload `uploadId` of exactly this bucket and key, or NoSuchUpload. */
  async find(uploadId: string, bucket: string, key: string): Promise<UploadRecord> {
    const dir = this.layout.uploadDir(uploadId);
    const record = dir ? await readJson<UploadRecord>(path.join(dir, UPLOAD_FILE)) : undefined;
    if (!record || record.bucket !== bucket || record.key !== key) {
      throw new OssError('NoSuchUpload', undefined, { UploadId: uploadId });
    }
    return record;
  }

  /**
   * Makes a received file part `partNumber` of `upload`, replacing an earlier one, when the parts
   * then still fit in `maxBytes` (else EntityTooLarge and the file goes). Commits of one upload's
   * parts take turns, so parts received in parallel cannot together pass the limit.
   */
  async putPart(
    upload: UploadRecord,
    partNumber: number,
    received: ReceivedFile,
    maxBytes: number,
  ): Promise<PartRecord> {
    const dir = this.layout.uploadDir(upload.uploadId)!;
    const part: PartRecord = {
      partNumber,
      etag: received.md5.toString('hex').toUpperCase(),
      size: received.size,
      lastModified: new Date().toISOString(),
      dataFile: `${partNumber}.${newVersion()}.part`,
    };
    return this.#lock.run(upload.uploadId, async () => {
      const recordFile = path.join(dir, `${partNumber}.json`);
      try {
        const others = await this.storedBytes(upload, partNumber);
        if (others + received.size > maxBytes) throw tooLarge(maxBytes, others + received.size);
        const previous = await readJson<PartRecord>(recordFile);
        await fs.rename(received.path, path.join(dir, part.dataFile));
        try {
          await writeJsonAtomically(recordFile, this.layout.temporaryPath('part'), part);
        } catch (error) {
          // Not recorded (a full disk): the previous part, if any, stays current.
          await fs.rm(path.join(dir, part.dataFile), { force: true });
          throw error;
        }
        if (previous) await fs.rm(path.join(dir, previous.dataFile), { force: true });
        (await this.#sizesOf(upload)).set(partNumber, part.size);
        return part;
      } catch (error) {
        await fs.rm(received.path, { force: true });
        // The upload was aborted or completed while this part was arriving.
        if (isMissing(error)) throw new OssError('NoSuchUpload', undefined, { UploadId: upload.uploadId });
        throw error;
      }
    });
  }

  /** The upload's current parts, by part number. */
  async listParts(upload: UploadRecord): Promise<PartRecord[]> {
    const dir = this.layout.uploadDir(upload.uploadId)!;
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (error) {
      if (isMissing(error)) throw new OssError('NoSuchUpload', undefined, { UploadId: upload.uploadId });
      throw error;
    }
    const records = await Promise.all(
      names
        .filter((name) => /^\d+\.json$/.test(name))
        .map((name) => readJson<PartRecord>(path.join(dir, name))),
    );
    return records
      .filter((part): part is PartRecord => part !== undefined)
      .sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Assembles the listed parts into the object, as OSS does: parts in ascending order, each
   * uploaded with that ETag, each but the last at least 100 KB. The object appears at once, whole.
   * With `forbidOverwrite`, only if the key holds no object then (else FileAlreadyExists).
   */
  async complete(
    upload: UploadRecord,
    requested: CompletedPart[],
    maxBytes: number,
    options: { forbidOverwrite?: boolean } = {},
  ): Promise<ObjectMeta> {
    return this.#lock.run(`${upload.uploadId}/complete`, async () => {
      const uploaded = new Map((await this.listParts(upload)).map((part) => [part.partNumber, part]));
      const parts = requested.map((wanted, index) => {
        if (index > 0 && wanted.partNumber <= requested[index - 1]!.partNumber)
          throw new OssError('InvalidPartOrder');
        const part = uploaded.get(wanted.partNumber);
        if (!part || part.etag !== wanted.etag) {
          throw new OssError('InvalidPart', undefined, {
            PartNumber: String(wanted.partNumber),
            ETag: wanted.etag,
          });
        }
        return part;
      });
      const total = parts.reduce((sum, part) => sum + part.size, 0);
      if (total > maxBytes) throw tooLarge(maxBytes, total);
      const tooSmall = parts.slice(0, -1).find((part) => part.size < MIN_PART_SIZE);
      if (tooSmall) {
        throw new OssError('EntityTooSmall', undefined, {
          PartNumber: String(tooSmall.partNumber),
          ProposedSize: String(tooSmall.size),
          MinSizeAllowed: String(MIN_PART_SIZE),
        });
      }

      // Refused before the parts are copied; the commit checks again, in one step with its write.
      if (options.forbidOverwrite && (await this.objects.stat(upload.bucket, upload.key)))
        throw alreadyExists(upload.key);

      const dir = this.layout.uploadDir(upload.uploadId)!;
      const assembled = this.layout.temporaryPath('assembled');
      try {
        const output = createWriteStream(assembled, { flags: 'wx', mode: 0o600 });
        await pipeline(async function* () {
          for (const part of parts) yield* createReadStream(path.join(dir, part.dataFile));
        }, output);
      } catch (error) {
        await fs.rm(assembled, { force: true });
        if (isMissing(error)) throw new OssError('NoSuchUpload', undefined, { UploadId: upload.uploadId });
        throw error;
      }
      const partDigests = createHash('md5');
      for (const part of parts) partDigests.update(Buffer.from(part.etag, 'hex'));
      const meta = await this.objects
        .commit(
          upload.bucket,
          upload.key,
          assembled,
          {
            size: total,
            etag: `${partDigests.digest('hex').toUpperCase()}-${parts.length}`,
            contentType: upload.contentType,
            userMeta: upload.userMeta,
            objectType: 'Multipart',
          },
          options,
        )
        .catch(async (error: unknown) => {
          // Not committed (a full disk, or the object exists and may not be replaced): the upload
          // stays open, its parts intact, to retry or abort.
          await fs.rm(assembled, { force: true });
          throw error;
        });
      // An abort racing this completion may have removed the upload already; the object stands.
      await this.#discard(upload.uploadId).catch((error) => {
        if (!(error instanceof OssError)) throw error;
      });
      return meta;
    });
  }

  async abort(upload: UploadRecord): Promise<void> {
    await this.#discard(upload.uploadId);
  }

  /** Moves the upload out of sight in one rename, then deletes it at leisure. */
  async #discard(uploadId: string): Promise<void> {
    this.#partSizes.delete(uploadId);
    const trash = this.layout.temporaryPath(`discarded-${uploadId}`);
    try {
      await fs.rename(this.layout.uploadDir(uploadId)!, trash);
    } catch (error) {
      if (isMissing(error)) throw new OssError('NoSuchUpload', undefined, { UploadId: uploadId });
      throw error;
    }
    await fs.rm(trash, { recursive: true, force: true });
  }
}

const ignoreNoSuchUpload = (error: unknown): void => {
  if (!(error instanceof OssError && error.code === 'NoSuchUpload')) throw error;
};
