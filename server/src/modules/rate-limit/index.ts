/** The rate-limit area's front door: what other areas and the app use of it. */
export { rateLimitPlugin } from './plugin.ts';
export { check, clear, hit, pruneCounters, type RateRule, take } from './service.ts';
export type { RateLimitStore } from './store.ts';
