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

  get count(): number {
    return this.inFlight;
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

/** One request's place in the count: light until it takes a heavy turn or is answered. */
export interface RequestTraffic {
  light: boolean;
  /** Stops counting the request as light (idempotent). */
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

/** Counts one request of `key`'s database as light from now on; call `leave` when it is answered. */
export function enterLightRequest(key: object): RequestTraffic {
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
  return request;
}

/**
 * Runs `work` inside `request`'s context, so that heavy turns taken from it find the request
 * (`becomeHeavy`). Enter it where the handler starts: a body is parsed in the socket's context,
 * which would lose one entered earlier.
 */
export const withinRequest = (request: RequestTraffic, work: () => void): void =>
  currentRequest.run(request, work);

/** The calling request does heavy work from now on: it no longer counts as light. */
export function becomeHeavy(): void {
  currentRequest.getStore()?.leave();
}

/** Resolves once no light request of `key`'s database is in flight, or after LIGHT_FIRST_MAX_WAIT_MS. */
export const lightRequestsDone = (key: object): Promise<void> =>
  trafficFor(key).quiet(LIGHT_FIRST_MAX_WAIT_MS);

/** How many light requests of `key`'s database are in flight now. */
export const lightRequestsInFlight = (key: object): number => trafficFor(key).count;
