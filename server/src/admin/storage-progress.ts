import type { StoredObject } from '../storage/index.ts';

/** Bytes as an operator reads them: `512 B`, `3.4 MiB`, `1.2 GiB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A quiet stretch after which the same line is said again, naming what is in flight. */
const HEARTBEAT_MS = 10_000;

/**
 * Progress of a copy on stderr: at most one line a second, and only when it moved, or a
 * heartbeat every 10 s while one large object is on its way (never a line per object).
 */
export class ProgressLine {
  readonly #started = performance.now();
  readonly #inFlight = new Set<StoredObject>();
  readonly #timer: NodeJS.Timeout;
  #objects = 0;
  #bytes = 0;
  #copied = 0;
  #saidObjects = 0;
  #saidAt = performance.now();

  constructor(
    private readonly totalObjects: number,
    private readonly totalBytes: number,
    private readonly say: (line: string) => void,
    everyMs = 1000,
  ) {
    this.#timer = setInterval(() => this.#tick(), everyMs);
    this.#timer.unref();
  }

  working(object: StoredObject): void {
    this.#inFlight.add(object);
  }

  /** One object finished (copied, skipped or failed): `copiedBytes` of it were written. */
  done(object: StoredObject, copiedBytes: number): void {
    this.#inFlight.delete(object);
    this.#objects++;
    this.#bytes += object.size;
    this.#copied += copiedBytes;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #tick(): void {
    const now = performance.now();
    const moved = this.#objects !== this.#saidObjects;
    if (!moved && now - this.#saidAt < HEARTBEAT_MS) return;
    const seconds = (now - this.#started) / 1000;
    let line =
      `${this.#objects}/${this.totalObjects} objects, ` +
      `${formatBytes(this.#bytes)} of ${formatBytes(this.totalBytes)}, ` +
      `${(this.#copied / 1e6 / seconds).toFixed(1)} MB/s copied`;
    const largest = [...this.#inFlight].sort((a, b) => b.size - a.size)[0];
    if (!moved && largest) line += `; copying ${largest.key} (${formatBytes(largest.size)})`;
    this.say(line);
    this.#saidObjects = this.#objects;
    this.#saidAt = now;
  }
}
