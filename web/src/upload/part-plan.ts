import { UPLOAD_MAX_PARTS, UPLOAD_PART_SIZE } from '@dc/contract';
import type { StoreProtocol } from './store-client.ts';

/** OSS refuses a part other than the last below 100 KB (EntityTooSmall). */
export const MIN_PART_SIZE = 100 * 1024;

/** S3 (AWS, Ceph RGW, MinIO, COS) refuses one below 5 MiB (EntityTooSmall). */
export const S3_MIN_PART_SIZE = 5 * 1024 * 1024;

/** The smallest part but the last that the store takes. */
export const minPartSize = (protocol: StoreProtocol): number =>
  protocol === 'oss' ? MIN_PART_SIZE : S3_MIN_PART_SIZE;

/**
 * The part size for a new upload of a file: the requested size (1 MB by default, spec §9), at
 * least the store's minimum, grown just enough that the file fits in at most 10000 parts (spec
 * §5). The growth is `ceil(size / 10000)`, a whole number of bytes, so every part boundary is a
 * byte offset. A resumed upload keeps the part size its checkpoint recorded.
 */
export function partSizeFor(fileSize: number, protocol: StoreProtocol, requested = UPLOAD_PART_SIZE): number {
  const base = Math.max(Math.floor(requested), minPartSize(protocol));
  return Math.max(base, Math.ceil(fileSize / UPLOAD_MAX_PARTS));
}

export const partCount = (fileSize: number, partSize: number): number =>
  Math.max(1, Math.ceil(fileSize / partSize));

/** Byte range [start, end) of part `partNumber` (1-based). */
export function partRange(fileSize: number, partSize: number, partNumber: number): [number, number] {
  const start = (partNumber - 1) * partSize;
  return [start, Math.min(start + partSize, fileSize)];
}
