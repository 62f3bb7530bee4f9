import { UploadFailure } from './errors.ts';

/**
 * What the uploader needs of a file: a browser `File` has it all; in Node, a Blob from
 * `fs.openAsBlob` with a name and modification time attached. Bytes are read slice by slice and
 * never the whole file at once.
 */
export interface UploadSource {
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly lastModified: number;
  readonly size: number;
  /** MIME type; may be empty. */
  readonly type: string;
  slice(start?: number, end?: number): Blob;
}

/** Bytes [start, end) of the file; ReadFileError when they cannot be read (moved, changed, revoked). */
export async function readBytes(file: UploadSource, start: number, end: number): Promise<ArrayBuffer> {
  try {
    return await file.slice(start, end).arrayBuffer();
  } catch (error) {
    throw new UploadFailure('ReadFileError', error instanceof Error ? error.message : undefined);
  }
}
