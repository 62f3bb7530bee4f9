/**
 * Speed and time left for the UI, from the loaded byte counts it sees in onUploadProgress:
 * averaged over a sliding window, so one slow or fast part does not make the numbers jump.
 */
export class TransferRate {
  readonly #samples: Array<{ at: number; bytes: number }> = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly windowMs = 5_000,
  ) {}

  /** Records that `loadedBytes` of the file are on the store now. */
  sample(loadedBytes: number): void {
    const at = this.now();
    const last = this.#samples.at(-1);
    // Fewer bytes than before: the upload restarted; the old samples say nothing about it.
    if (last && loadedBytes < last.bytes) this.#samples.length = 0;
    this.#samples.push({ at, bytes: loadedBytes });
    while (this.#samples.length > 2 && this.#samples[0]!.at < at - this.windowMs) this.#samples.shift();
  }

  /** Bytes per second over the window; 0 until two samples exist. */
  bytesPerSecond(): number {
    const first = this.#samples[0];
    const last = this.#samples.at(-1);
    if (!first || !last || last.at <= first.at) return 0;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Seconds until `totalBytes` at the current speed; undefined while the speed is unknown. */
  secondsLeft(totalBytes: number): number | undefined {
    const speed = this.bytesPerSecond();
    const last = this.#samples.at(-1);
    if (!last || speed <= 0) return undefined;
    return Math.max(0, (totalBytes - last.bytes) / speed);
  }
}
