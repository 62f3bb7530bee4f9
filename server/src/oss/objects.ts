import fs from 'node:fs/promises';
import path from 'node:path';
import { OssError } from './errors.ts';
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
   * With `forbidOverwrite` (every write through a grant) the object is only created: if the key
   * holds one when the metadata would land, FileAlreadyExists, the existing object is untouched
   * and the new bytes go. The metadata is then linked into place, which fails if it exists, so the
   * check and the write are one step even against a writer in another process.
   */
  async commit(
    bucket: string,
    key: string,
    temporaryData: string,
    object: NewObject,
    options: { forbidOverwrite?: boolean } = {},
  ): Promise<ObjectMeta> {
    const { dir, stem } = this.layout.objectLocation(bucket, key);
    const servedType = await servedTypeOfFile(temporaryData);
    return this.#lock.run(`${bucket}/${key}`, async () => {
      await fs.mkdir(dir, { recursive: true });
      const metaFile = path.join(dir, `${stem}.json`);
      const previous = await readJson<ObjectMeta>(metaFile);
      if (options.forbidOverwrite && previous) {
        await fs.rm(temporaryData, { force: true });
        throw alreadyExists(key);
      }
      const meta: ObjectMeta = {
        ...object,
        servedType,
        key,
        lastModified: new Date().toISOString(),
        dataFile: `${stem}.${newVersion()}.data`,
      };
      await fs.rename(temporaryData, path.join(dir, meta.dataFile));
      try {
        if (options.forbidOverwrite) await createJson(metaFile, this.layout.temporaryPath('meta'), meta);
        else await writeJsonAtomically(metaFile, this.layout.temporaryPath('meta'), meta);
      } catch (error) {
        // Not committed (a full disk, or created meanwhile): what stood stands, the new bytes go.
        await fs.rm(path.join(dir, meta.dataFile), { force: true });
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw alreadyExists(key);
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

/** FileAlreadyExists, as OSS answers a forbidden overwrite. */
export const alreadyExists = (key: string): OssError =>
  new OssError('FileAlreadyExists', undefined, { Key: key });

/** Writes a small JSON document as a new file: EEXIST, and nothing written, if `target` exists. */
async function createJson(target: string, temporary: string, value: unknown): Promise<void> {
  try {
    await fs.writeFile(temporary, JSON.stringify(value), { mode: 0o600 });
    // link() never replaces its target: the one atomic "create if absent" for a whole file.
    await fs.link(temporary, target).catch(async (error: NodeJS.ErrnoException) => {
      // A file system without hard links: the check made under the lock (this process) stands.
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(error.code ?? '')) throw error;
      await fs.rename(temporary, target);
    });
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
