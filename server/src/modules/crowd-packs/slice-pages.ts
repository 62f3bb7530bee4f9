import { SLICE_TARGET_MS } from './sliced-count.ts';

const PAGE_MIN = 50;
const PAGE_MAX = 5_000;

/**
 * The next keyset page's size (in fans) from how long the last one took: toward
 * `SLICE_TARGET_MS` (the longest a light request should wait behind one heavy statement on
 * PGlite), at most ×2 or ÷2 at once, within 50–5,000 fans.
 */
export function nextPageSize(size: number, tookMs: number): number {
  const scaled = (size * SLICE_TARGET_MS) / Math.max(tookMs, 0.5);
  return Math.round(Math.min(PAGE_MAX, Math.max(PAGE_MIN, size / 2, Math.min(size * 2, scaled))));
}
