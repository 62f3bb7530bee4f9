import { randomBytes } from 'node:crypto';

/**
 * Bytes upload-finished accepts as a video: an ISO base media (MP4) `ftyp` box, as every .mp4
 * begins, followed by `size - 24` random bytes. The store serves them as video/mp4.
 */
export function mp4Bytes(size: number): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0x00, 0x00, 0x00, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0x00, 0x00, 0x02, 0x00]),
    Buffer.from('isomiso2', 'latin1'),
  ]);
  if (size < ftyp.length) throw new RangeError(`an MP4 needs at least ${ftyp.length} bytes`);
  return Buffer.concat([ftyp, randomBytes(size - ftyp.length)]);
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
