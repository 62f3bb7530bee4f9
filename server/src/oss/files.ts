import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OssError } from './errors.ts';

export interface ReceivedFile {
  path: string;
  size: number;
  md5: Buffer;
}

/**
 * Bytes a body may still bring, shared by the requests writing one object at once: `take` asks
 * for the next chunk's bytes (false: over budget), `release` gives back what this body took.
 */
export interface ByteAllowance {
  take(bytes: number): boolean;
  release(): void;
}

/** EntityTooLarge as OSS words it, with the limit that was passed. */
export const tooLarge = (maxBytes: number, proposed?: number): OssError =>
  new OssError('EntityTooLarge', undefined, {
    MaxSizeAllowed: String(maxBytes),
    ...(proposed === undefined ? {} : { ProposedSize: String(proposed) }),
  });

/**
 * Streams a request body into `destination`, hashing as it goes: memory holds one chunk at a
 * time, whatever the size. A Content-Length over `maxBytes` is refused before a byte is read;
 * past `maxBytes` (or the shared `allowance`) the transfer stops with EntityTooLarge; a declared
 * Content-Length that the body does not fill is IncompleteBody. On any failure the file is removed.
 */
export async function receiveFile(
  body: Readable,
  destination: string,
  limits: { maxBytes: number; declaredLength: number | undefined; allowance?: ByteAllowance },
): Promise<ReceivedFile> {
  if (limits.declaredLength !== undefined && limits.declaredLength > limits.maxBytes) {
    limits.allowance?.release();
    throw tooLarge(limits.maxBytes, limits.declaredLength);
  }
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limits.maxBytes || (limits.allowance && !limits.allowance.take(chunk.length))) {
        callback(tooLarge(limits.maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // The request is piped in, not handed to pipeline: a failure on this side (a full disk, too
  // large) must not destroy the request, whose connection carries the error answer back.
  const source = new PassThrough();
  body.pipe(source);
  body.once('error', (error) => source.destroy(error));
  body.once('close', () => {
    if (!body.readableEnded)
      source.destroy(Object.assign(new Error('premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
  });
  try {
    await pipeline(source, meter, createWriteStream(destination, { flags: 'wx', mode: 0o600 }));
    if (limits.declaredLength !== undefined && size !== limits.declaredLength)
      throw new OssError('IncompleteBody');
    return { path: destination, size, md5: hash.digest() };
  } catch (error) {
    body.unpipe(source);
    await fs.rm(destination, { force: true });
    if (error instanceof OssError) throw error;
    if (isOutOfSpace(error)) throw new OssError('InsufficientStorage');
    // The client went away or sent fewer bytes than it declared.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET') throw new OssError('IncompleteBody');
    throw error;
  } finally {
    limits.allowance?.release();
  }
}

/** Reads and checks an optional Content-MD5 header (base64 of the body's MD5). */
export function checkContentMd5(header: string | string[] | undefined, md5: Buffer): void {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return;
  if (Buffer.from(value.trim(), 'base64').equals(md5)) return;
  throw new OssError('InvalidDigest');
}

/** Writes a small JSON document atomically: a temporary file renamed over the target. */
export async function writeJsonAtomically(target: string, temporary: string, value: unknown): Promise<void> {
  try {
    // A disk that fills up mid-write leaves a partial temporary file: it goes too.
    await fs.writeFile(temporary, JSON.stringify(value), { mode: 0o600 });
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

export async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file system is full (ENOSPC) or the user's quota is used up (EDQUOT), at any depth of causes. */
export function isOutOfSpace(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const isMissing = (error: unknown): boolean =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
