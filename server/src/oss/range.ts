export type RangeRequest = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * A single `Range: bytes=…` against an object of `size` bytes, as OSS reads it: `a-b`, `a-`,
 * `-n`; an end past the object is clipped; a start past it cannot be satisfied (416); anything
 * else (several ranges, bad syntax, end before start) is ignored and the whole object is sent.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return undefined;
  const match = /^\s*bytes=(\d*)-(\d*)\s*$/.exec(header);
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}
