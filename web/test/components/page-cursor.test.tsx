import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CursorAnswer,
  cursorToward,
  usePageCursor,
} from '../../src/components/server-table/page-cursor.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const answer = (page: number): CursorAnswer => ({
  nextCursor: `next-of-${page}`,
  prevCursor: page > 1 ? `prev-of-${page}` : null,
});

describe('issue 21 item 3: a server table moves by the shown page’s cursor', () => {
  it('next cursor forward, previous back, the fetching cursor for the same page, none for another list', () => {
    const shown = { identity: 'a', page: 5, via: 'next-of-4', ...answer(5) };
    expect(cursorToward(shown, 'a', 6)).toBe('next-of-5');
    expect(cursorToward(shown, 'a', 9)).toBe('next-of-5');
    expect(cursorToward(shown, 'a', 4)).toBe('prev-of-5');
    expect(cursorToward(shown, 'a', 1)).toBe('prev-of-5');
    expect(cursorToward(shown, 'a', 5)).toBe('next-of-4');
    expect(cursorToward(shown, 'b', 6)).toBeUndefined();
    expect(cursorToward(undefined, 'a', 6)).toBeUndefined();
    expect(cursorToward({ ...shown, page: 1, prevCursor: null }, 'a', 1)).toBe('next-of-4');
    expect(cursorToward({ identity: 'a', page: 1, via: undefined, ...answer(1) }, 'a', 1)).toBeUndefined();
  });

  let root: Root | undefined;
  afterEach(() => {
    if (root) act(() => root!.unmount());
    root = undefined;
  });

  it('remembers the cursors of the page fetched last, across renders', async () => {
    let paging: ReturnType<typeof usePageCursor> | undefined;
    function Probe({ identity, page }: { identity: string; page: number }) {
      paging = usePageCursor(identity, page);
      return null;
    }
    root = createRoot(document.createElement('div'));
    const show = (identity: string, page: number) =>
      act(() => root!.render(<Probe identity={identity} page={page} />));
    show('list', 1);
    expect(paging!.cursor).toBeUndefined();
    await paging!.fetched(Promise.resolve(answer(1)));
    show('list', 2);
    expect(paging!.cursor).toBe('next-of-1');
    await paging!.fetched(Promise.resolve(answer(2)));
    show('list', 2);
    expect(paging!.cursor).toBe('next-of-1');
    show('list', 1);
    expect(paging!.cursor).toBe('prev-of-2');
    // A new filter or sort: back to page numbers.
    show('other', 1);
    expect(paging!.cursor).toBeUndefined();
  });
});
