/**
 * Spec section 7: a duplicate in-flight request with the same method and URL cancels the
 * earlier one. Each call registers an AbortController under its key; registering a key that is
 * already in flight aborts the earlier controller.
 */
export class InFlightRegistry {
  private readonly controllers = new Map<string, AbortController>();

  /** A controller for a new call under `key`, aborting the call already in flight under it. */
  register(key: string): AbortController {
    this.controllers.get(key)?.abort();
    const controller = new AbortController();
    this.controllers.set(key, controller);
    return controller;
  }

  /** Forgets `controller` when the call ends, unless a newer call has taken its key. */
  release(key: string, controller: AbortController): void {
    if (this.controllers.get(key) === controller) this.controllers.delete(key);
  }

  /** Aborts every registered call (on logout, for instance). */
  abortAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
  }

  get size(): number {
    return this.controllers.size;
  }
}
