import type { TableColumnsType } from 'antd';

/** The selection column antd adds for `rowSelection` (its default width). */
export const SELECTION_COLUMN_WIDTH = 32;

/**
 * A table's `scroll.x`: the sum of its columns' widths. The table fills a wider box and scrolls
 * inside its own box only when the box is narrower (a phone), so a fixed column never covers
 * another at desktop widths. Every column must say its width.
 */
export function scrollToFit<Row>(columns: TableColumnsType<Row>, extra = 0): { x: number } {
  let sum = extra;
  for (const column of columns) {
    if (typeof column.width !== 'number') throw new Error(`column ${String(column.key)} has no width`);
    sum += column.width;
  }
  return { x: sum };
}

/** Money, a date or a count outside a table (a list's figure, a card's line): kept on one line. */
export const ONE_LINE_TEXT = { whiteSpace: 'nowrap' } as const;

const oneLineCell = () => ({ style: ONE_LINE_TEXT });

/** Money, dates and counts stay on one line (a header may wrap between words): a column says so once. */
export const ONE_LINE = { onCell: oneLineCell } as const;
