import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Light requests first (issue 16 item 4). PGlite runs one statement at a time in this process,
 * so a light request (another designer's page, `/health`) that arrives while heavy work is
 * sliced into short statements could still wait behind one slice for each of its statements.
 * The gate counts the light requests in flight per database; a heavy slice starts only once none
 * is in flight (or after `LIGHT_FIRST_MAX_WAIT_MS`, so steady light traffic slows heavy work
 * down without stopping it). A request turns heavy when it first takes a heavy turn.
 */
export const LIGHT_FIRST_MAX_WAIT_MS = 50;

class LightTraffic {
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  enter(): void {
    this.inFlight += 1;
  }

  leave(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** Resolves once no light request is in flight, or after `maxMs`. */
  quiet(maxMs: number): Promise<void> {
    if (this.inFlight <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** The request in whose async context code runs: light until it takes a heavy turn. */
interface RequestTraffic {
  light: boolean;
  leave(): void;
}

const currentRequest = new AsyncLocalStorage<RequestTraffic>();
const trafficOf = new WeakMap<object, LightTraffic>();

function trafficFor(key: object): LightTraffic {
  let traffic = trafficOf.get(key);
  if (!traffic) {
    traffic = new LightTraffic();
    trafficOf.set(key, traffic);
  }
  return traffic;
}

/**
 * Counts one request as light while it runs: `run` continues the request inside its context and
 * gets `leave` (idempotent), to call when the answer is sent or the client goes.
 */
export function enterLightRequest(key: object, run: (leave: () => void) => void): void {
  const traffic = trafficFor(key);
  traffic.enter();
  const request: RequestTraffic = {
    light: true,
    leave() {
      if (!request.light) return;
      request.light = false;
      traffic.leave();
    },
  };
  currentRequest.run(request, () => run(() => request.leave()));
}

/** The calling request does heavy work from now on: it no longer counts as light. */
export function becomeHeavy(): void {
  currentRequest.getStore()?.leave();
}

/** Resolves once no light request of `key`'s database is in flight, or after LIGHT_FIRST_MAX_WAIT_MS. */
export const lightRequestsDone = (key: object): Promise<void> =>
  trafficFor(key).quiet(LIGHT_FIRST_MAX_WAIT_MS);
