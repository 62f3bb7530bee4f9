import type { ByteAllowance } from './files.ts';

/**
 * Bytes being received right now for each object key, across every PutObject and UploadPart in
 * flight on it: parallel requests on one key share the key's budget, so a grant for N bytes cannot
 * fill the disk by sending many bodies at once (each under N, together far over it).
 */
export class InFlightBytes {
  readonly #bytes = new Map<string, number>();

  /** What the key's requests are receiving now. */
  of(key: string): number {
    return this.#bytes.get(key) ?? 0;
  }

  /**
   * An allowance for one body on `key`: each chunk is taken while everything in flight on the
   * key, plus `alreadyStored()` (parts kept of the upload), stays within `maxBytes`.
   */
  allowance(key: string, maxBytes: number, alreadyStored: () => number = () => 0): ByteAllowance {
    let taken = 0;
    let released = false;
    return {
      take: (bytes) => {
        if (released) return false;
        if (alreadyStored() + this.of(key) + bytes > maxBytes) return false;
        taken += bytes;
        this.#bytes.set(key, this.of(key) + bytes);
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        const left = this.of(key) - taken;
        if (left > 0) this.#bytes.set(key, left);
        else this.#bytes.delete(key);
      },
    };
  }
}
