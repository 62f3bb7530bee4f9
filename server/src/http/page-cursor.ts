import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isKeysetKey, type KeysetBoundary, type KeysetKeyType, type KeysetRead } from '../db/keyset.ts';
import { invalidField } from './failures.ts';
import { defineMessages } from './messages.ts';

/**
 * Keyset paging's cursors (issue 21 item 3). A cursor is base64url of JSON: the boundary row's
 * sort key and id, which side of it the page lies on, how many rows come before the boundary
 * (so `page` can be read from the nearest cursor with a short skip), and a hash of what it was
 * made for — the list, the designer, the filter and the sort. The hash is a consistency check,
 * not a secret: every query is scoped to the session's designer anyway, so a cursor of another
 * designer (or a forged one) can only move within the caller's own rows; it is refused so that a
 * cursor never silently pages a different filter or sort.
 */

export const cursorMessages = defineMessages({
  garbled: {
    'zh-CN': '不是有效的翻页位置，请从第一页重新开始',
    'en-US': 'not a valid cursor; start again from the first page',
  },
  otherList: {
    'zh-CN': '翻页位置属于另一个筛选条件或排序，请从第一页重新开始',
    'en-US': 'the cursor belongs to another filter or sort; start again from the first page',
  },
});

export interface PageCursor extends KeysetBoundary {
  /** The page lies after the boundary row (`nextCursor`) or before it (`prevCursor`). */
  side: 'after' | 'before';
  /**
   * Rows before the boundary when the cursor was made: for `after`, the boundary row's index + 1;
   * for `before`, the boundary row's index. An accelerator for `page`, never trusted for which
   * rows are answered (the seek decides that), only for where a page starts.
   */
  position: number;
}

const payloadSchema = z.strictObject({
  v: z.literal(1),
  s: z.enum(['a', 'b']),
  p: z.number().int().min(0).max(1_000_000_000),
  k: z.string().max(40),
  i: z.number().int().min(1).max(2_147_483_647),
  q: z.string().length(16),
});

/** The hash a cursor carries of what it was made for (list, designer, filter, sort). */
export function cursorScope(list: string, designerId: number, what: Record<string, unknown>): string {
  const sorted = Object.keys(what)
    .filter((key) => what[key] !== undefined)
    .sort()
    .map((key) => [key, what[key]]);
  return createHash('sha256')
    .update(JSON.stringify([list, designerId, sorted]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(scope: string, cursor: PageCursor): string {
  const payload = {
    v: 1,
    s: cursor.side === 'after' ? 'a' : 'b',
    p: cursor.position,
    k: cursor.key,
    i: cursor.id,
    q: scope,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The cursor, or a 40000 naming `cursor`: garbled, forged, or made for another list, designer, filter or sort. */
export function decodeCursor(text: string, scope: string, keyType: KeysetKeyType): PageCursor {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw invalidField('cursor', cursorMessages.garbled);
  }
  if (parsed.q !== scope) throw invalidField('cursor', cursorMessages.otherList);
  if (!isKeysetKey(keyType, parsed.k)) throw invalidField('cursor', cursorMessages.garbled);
  return { side: parsed.s === 'a' ? 'after' : 'before', position: parsed.p, key: parsed.k, id: parsed.i };
}

/** How one page is read: from the list's start with an offset, or from a cursor with a skip. */
export interface PageRead {
  /** Rows before the page's first row, as far as is known (the answer's page arithmetic). */
  start: number;
  /** The boundary to seek from; none: from the list's start. */
  seek?: PageCursor;
  /** Rows to skip after the seek, in reading order. */
  skip: number;
  /**
   * Read from the list's end backwards (`skip` rows from the end), `count` rows: a far page of a
   * list whose total is exact is nearer its end than its start (the pager's last pages).
   */
  fromEnd?: { count: number };
}

/**
 * Where to read the page asked for. Without a cursor, `page` by offset. With a cursor alone, the
 * page beside it. With both, the page asked for from the cursor when it lies on the cursor's side
 * and the skip is shorter than the offset from the start (antd's pager moves to neighbouring
 * pages, so a move is a seek and a skip of a few pages at most); otherwise by offset.
 */
export function planPageRead(
  page: number | undefined,
  pageSize: number,
  cursor: PageCursor | undefined,
  exactTotal?: number,
): PageRead {
  const plan = nearestRead(page, pageSize, cursor);
  // With an exact total, a page nearer the end than the start or the cursor is read backwards
  // from the end: the last page of five million ledger rows skips nothing.
  if (exactTotal !== undefined && !(page === undefined && cursor) && plan.start < exactTotal) {
    const fromEnd = Math.max(0, exactTotal - (plan.start + pageSize));
    if (fromEnd < plan.skip) {
      return {
        start: plan.start,
        skip: fromEnd,
        fromEnd: { count: Math.min(pageSize, exactTotal - plan.start) },
      };
    }
  }
  return plan;
}

function nearestRead(page: number | undefined, pageSize: number, cursor: PageCursor | undefined): PageRead {
  if (!cursor) {
    const start = ((page ?? 1) - 1) * pageSize;
    return { start, skip: start };
  }
  const b = cursor.position;
  if (cursor.side === 'after') {
    const start = page === undefined ? b : (page - 1) * pageSize;
    // At or past the boundary: seeking there and skipping the rest never reads more than the offset.
    if (start >= b) return { start, seek: cursor, skip: start - b };
    return { start, skip: start };
  }
  const start = page === undefined ? Math.max(0, b - pageSize) : (page - 1) * pageSize;
  const end = start + pageSize;
  if (page === undefined) return { start, seek: cursor, skip: 0 };
  if (end <= b && b - end <= start) return { start, seek: cursor, skip: b - end };
  return { start, skip: start };
}

export interface KeyedRow {
  id: number;
  /** The row's sort key as `keysetKeyText` answers it. */
  cursorKey: string;
}

/** Reads one page's rows (see `KeysetRead`). */
export type PageReader<Row extends KeyedRow> = (read: KeysetRead) => Promise<Row[]>;

export interface KeysetPage<Row> {
  rows: Row[];
  /** Rows before the page's first row. */
  start: number;
  next: PageCursor | null;
  prev: PageCursor | null;
}

/**
 * One page by the plan, with its neighbours' cursors: one row more than the page is read to know
 * whether the list goes on past it. Reading back from a `before` cursor that reaches the list's
 * start with less than a page (rows came or went since) reads the page by its offset instead.
 */
export async function readKeysetPage<Row extends KeyedRow>(
  plan: PageRead,
  pageSize: number,
  read: PageReader<Row>,
): Promise<KeysetPage<Row>> {
  const boundaryOf = (row: Row, side: 'after' | 'before', position: number): PageCursor => ({
    side,
    position,
    key: row.cursorKey,
    id: row.id,
  });
  if (plan.fromEnd) {
    const { count } = plan.fromEnd;
    const got = await read({ reversed: true, limit: count + 1, skip: plan.skip });
    if (got.length >= count) {
      const rows = got.slice(0, count).reverse();
      return {
        rows,
        start: plan.start,
        next: plan.skip > 0 ? boundaryOf(rows.at(-1)!, 'after', plan.start + rows.length) : null,
        prev: got.length > count ? boundaryOf(rows[0]!, 'before', plan.start) : null,
      };
    }
    // Fewer rows than the total said (some went since it was counted): by offset.
    return readKeysetPage({ start: plan.start, skip: plan.start }, pageSize, read);
  }
  if (plan.seek?.side === 'before') {
    const got = await read({
      seek: { boundary: plan.seek, side: 'before' },
      reversed: true,
      limit: pageSize + 1,
      skip: plan.skip,
    });
    if (got.length >= pageSize) {
      const more = got.length > pageSize;
      const rows = got.slice(0, pageSize).reverse();
      // Nothing before: this is the first page, whatever the cursor's position said.
      const start = more ? Math.max(0, plan.start) : 0;
      return {
        rows,
        start,
        next: boundaryOf(rows.at(-1)!, 'after', start + rows.length),
        prev: more ? boundaryOf(rows[0]!, 'before', start) : null,
      };
    }
    // The list's start came sooner than the cursor's position said: read the page by offset.
    return readKeysetPage({ start: plan.start, skip: plan.start }, pageSize, read);
  }
  const got = await read({
    seek: plan.seek ? { boundary: plan.seek, side: 'after' } : undefined,
    reversed: false,
    limit: pageSize + 1,
    skip: plan.skip,
  });
  const rows = got.slice(0, pageSize);
  const more = got.length > pageSize;
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows,
    start: plan.start,
    next: more && last ? boundaryOf(last, 'after', plan.start + rows.length) : null,
    prev: first && (plan.start > 0 || plan.seek) ? boundaryOf(first, 'before', plan.start) : null,
  };
}

/** The answer's cursors, encoded for `scope`. */
export const cursorsOf = (scope: string, page: Pick<KeysetPage<unknown>, 'next' | 'prev'>) => ({
  nextCursor: page.next ? encodeCursor(scope, page.next) : null,
  prevCursor: page.prev ? encodeCursor(scope, page.prev) : null,
});
