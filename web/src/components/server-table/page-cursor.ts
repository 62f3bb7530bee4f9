import { useRef } from 'react';

/**
 * Keyset paging on the web (issue 21 item 3): the fans list, the ledger and crowd-pack members
 * answer `nextCursor` / `prevCursor` beside the page. The table remembers them for the page it
 * fetched last and sends the nearer one with the page asked for: one page on is a keyset seek on
 * the server, a few pages on a seek and a short skip, whatever the depth. A jump far away (the
 * pager's first or last page, a typed page) still sends `page`, which the server reads from the
 * list's start when that is nearer. Totals and page numbers stay as they were.
 */
export interface CursorAnswer {
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface ShownPage extends CursorAnswer {
  /** What the list showed: its query without the page (filters, sort, page size). */
  identity: string;
  page: number;
  /** The cursor the page was fetched with (a refetch of it reads the same way). */
  via: string | undefined;
}

/**
 * The cursor to send for `page` of the list `identity`: from the page fetched last, its next
 * cursor to move forward, its previous one to move back; none for another list (a new filter,
 * sort or page size starts from the page number).
 */
export function cursorToward(
  shown: ShownPage | undefined,
  identity: string,
  page: number,
): string | undefined {
  if (!shown || shown.identity !== identity) return undefined;
  if (page === shown.page) return shown.via;
  return (page > shown.page ? shown.nextCursor : shown.prevCursor) ?? undefined;
}

/**
 * Remembers the cursors of the page fetched last. `cursor` is what to send for `page` now;
 * `fetched` wraps the query's fetch so the answer's cursors are remembered when it arrives.
 */
export function usePageCursor(identity: string, page: number) {
  const shown = useRef<ShownPage | undefined>(undefined);
  const cursor = cursorToward(shown.current, identity, page);
  const fetched = async <T extends CursorAnswer>(answer: Promise<T>): Promise<T> => {
    const data = await answer;
    shown.current = {
      identity,
      page,
      via: cursor,
      nextCursor: data.nextCursor,
      prevCursor: data.prevCursor,
    };
    return data;
  };
  return { cursor, fetched };
}
