import { describe, expect, it } from 'vitest';
import { SELECTION_COLUMN_WIDTH, scrollToFit } from '../../src/components/server-table/fit-columns.ts';

describe('issue 17 point 2: a table scrolls only when its box is narrower than its columns', () => {
  it('scroll.x is the sum of the column widths, plus the selection column when there is one', () => {
    const columns = [
      { key: 'name', width: 160 },
      { key: 'price', width: 112 },
      { key: 'actions', width: 130 },
    ];
    expect(scrollToFit(columns)).toEqual({ x: 402 });
    expect(scrollToFit(columns, SELECTION_COLUMN_WIDTH)).toEqual({ x: 434 });
  });

  it('a column without a width is refused, so the sum cannot silently undercount', () => {
    expect(() => scrollToFit([{ key: 'name', width: 160 }, { key: 'tags' }])).toThrow(/tags has no width/);
  });
});
