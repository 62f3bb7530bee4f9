import fs from 'node:fs/promises';
import path from 'node:path';
import { isMissing, readJson, writeJsonAtomically } from './files.ts';
import { KeyedLock } from './keyed-lock.ts';
import { newVersion, type StoreLayout } from './layout.ts';
import { servedTypeOfFile } from './served-type.ts';

export interface ObjectMeta {
  key: string;
  size: number;
  /** Upper-case hex, unquoted: the MD5, or for a multipart object `<md5 of part md5s>-<parts>`. */
  etag: string;
  /** What the uploader declared (Content-Type of the PUT or the initiate): kept, never answered. */
  contentType: string;
  /**
   * The type the store answers, decided from the object's first bytes when it was committed
   * (served-type.ts). Absent on objects stored before it was recorded: decided when read.
   */
  servedType?: string;
  /** ISO 8601. */
  lastModified: string;
  /** `x-oss-meta-*` headers given at upload, names lower case. */
  userMeta: Record<string, string>;
  objectType: 'Normal' | 'Multipart';
  /** The data file's name, beside the metadata. */
  dataFile: string;
}

export type NewObject = Omit<ObjectMeta, 'dataFile' | 'lastModified' | 'key' | 'servedType'>;

export interface OpenedObject {
  meta: ObjectMeta;
  file: fs.FileHandle;
  /** The data file's path (for a reader such as sharp that opens files itself). */
  dataPath: string;
}

/**
 * Objects on disk. The metadata file is the commit point: data is written under a new name
 * first, then the metadata naming it replaces the old one in a single rename, so a reader sees
 * the whole old object or the whole new one, never a mixture or a partial file.
 */
export class ObjectFiles {
  readonly #lock = new KeyedLock();

  constructor(private readonly layout: StoreLayout) {}

  /**
   * Makes the received file `temporaryData` the object `key`, replacing any previous one. The
   * type it will be served as is decided here from its bytes, so every write (put, multipart
   * complete, the server's own) gets one, and a later write never inherits an earlier verdict.
   */
  async commit(bucket: string, key: string, temporaryData: string, object: NewObject): Promise<ObjectMeta> {
    const { dir, stem } = this.layout.objectLocation(bucket, key);
    const servedType = await servedTypeOfFile(temporaryData);
    return this.#lock.run(`${bucket}/${key}`, async () => {
      await fs.mkdir(dir, { recursive: true });
      const previous = await readJson<ObjectMeta>(path.join(dir, `${stem}.json`));
      const meta: ObjectMeta = {
        ...object,
        servedType,
        key,
        lastModified: new Date().toISOString(),
        dataFile: `${stem}.${newVersion()}.data`,
      };
      await fs.rename(temporaryData, path.join(dir, meta.dataFile));
      try {
        await writeJsonAtomically(path.join(dir, `${stem}.json`), this.layout.temporaryPath('meta'), meta);
      } catch (error) {
        // Not committed (a full disk): the previous object stands, the new bytes go.
        await fs.rm(path.join(dir, meta.dataFile), { force: true });
        throw error;
      }
      if (previous) await fs.rm(path.join(dir, previous.dataFile), { force: true });
      return meta;
    });
  }

  async stat(bucket: string, key: string): Promise<ObjectMeta | undefined> {
    const { dir, stem } = this.layout.objectLocation(bucket, key);
    const meta = await readJson<ObjectMeta>(path.join(dir, `${stem}.json`));
    return meta?.key === key ? meta : undefined;
  }

  /**
   * The object's metadata and an open handle on its bytes. An open handle keeps reading the
   * version it opened even if a newer one replaces and removes it meanwhile.
   */
  async open(bucket: string, key: string): Promise<OpenedObject | undefined> {
    const { dir } = this.layout.objectLocation(bucket, key);
    // A replacement may remove the data file between reading the metadata and opening it; the
    // metadata then already names the new file, so one more look finds it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const meta = await this.stat(bucket, key);
      if (!meta) return undefined;
      try {
        const dataPath = path.join(dir, meta.dataFile);
        return { meta, file: await fs.open(dataPath, 'r'), dataPath };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return undefined;
  }

  async delete(bucket: string, key: string): Promise<void> {
    const { dir, stem } = this.layout.objectLocation(bucket, key);
    await this.#lock.run(`${bucket}/${key}`, async () => {
      const meta = await readJson<ObjectMeta>(path.join(dir, `${stem}.json`));
      if (!meta) return;
      await fs.rm(path.join(dir, `${stem}.json`), { force: true });
      await fs.rm(path.join(dir, meta.dataFile), { force: true });
    });
  }
}
