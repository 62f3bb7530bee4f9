import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Byte-order mark, so spreadsheet programs read the CSV as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is defused. */
export function csvCell(value: string, isText = true): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of already-escaped cells, with the CRLF line end. */
export const csvLine = (cells: readonly string[]) => `${cells.join(',')}\r\n`;

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A whole CSV document (BOM, header line, rows) from batches of rows: one string per batch,
 * so a streamed export never holds more than one batch. Cells are escaped here (plain numbers,
 * negative ones included, are left as numbers).
 */
export async function* csvDocument(
  headers: readonly string[],
  batches: AsyncIterable<readonly (readonly string[])[]>,
): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(headers.map((header) => csvCell(header)))}`;
  for await (const rows of batches) {
    if (rows.length > 0)
      yield rows.map((row) => csvLine(row.map((cell) => csvCell(cell, !NUMBER.test(cell))))).join('');
  }
}

/** Sends a CSV stream as an attachment named `name-YYYYMMDD.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, now: Date, chunks: AsyncIterable<string>) {
  const stamp = now.toISOString().slice(0, 10).replaceAll('-', '');
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(chunks));
}
