import { fenToYuan, type Language, type LedgerFilters } from '@dc/contract';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries as l } from '../../db/schema/index.ts';
import { CSV_BOM, csvCell } from '../../http/csv.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { kindLabel, stateLabel } from './labels.ts';
import { type LedgerRow, ledgerWhere, sortColumnOf } from './ledger-query.ts';

/** Rows fetched per keyset step: memory stays flat however many rows are exported. */
export const EXPORT_BATCH = 2000;

const HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '编号',
    '时间',
    '类型',
    '状态',
    '标题',
    '来源',
    '买家',
    '金额(元)',
    '手续费(元)',
    '净额(元)',
    '结算时间',
  ],
  'en-US': [
    'ID',
    'Time',
    'Type',
    'State',
    'Title',
    'Source',
    'Buyer',
    'Amount (CNY)',
    'Fee (CNY)',
    'Net (CNY)',
    'Settled at',
  ],
};

const csvLine = (row: LedgerRow, language: Language) =>
  [
    String(row.id),
    toWireDateTime(row.createdAt),
    kindLabel(row.kind, language),
    stateLabel(row.state, language),
    row.title,
    row.sourceTitle ?? '',
    row.buyer ?? '',
  ]
    .map((cell) => csvCell(cell))
    .concat(
      [fenToYuan(row.amount), fenToYuan(row.fee), fenToYuan(row.net)],
      row.settledAt ? toWireDateTime(row.settledAt) : '',
    )
    .join(',');

/**
 * The filtered ledger as CSV (UTF-8 with BOM, for Excel), in the list's order, read in keyset
 * batches of EXPORT_BATCH on (sort column, id): the same code on PostgreSQL and PGlite, and
 * never more than two batches in memory (the one written and the one being read).
 */
export async function* ledgerCsv(
  db: Database,
  designerId: number,
  filters: LedgerFilters,
  language: Language,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield `${CSV_BOM}${HEADERS[language].join(',')}\r\n`;
  const column = sortColumnOf(filters.sortBy);
  const direction = filters.order === 'asc' ? asc : desc;
  const where = ledgerWhere(designerId, filters);
  const fetchAfter = (after: LedgerRow | undefined) => {
    let keyset: SQL | undefined;
    if (after) {
      const value =
        filters.sortBy === 'amount'
          ? sql`${after.amount}::bigint`
          : filters.sortBy === 'net'
            ? sql`${after.net}::bigint`
            : sql`${after.createdAt.toISOString()}::timestamptz`;
      // The plain bound on the sort column is what an index on (designer_id, created_at) can
      // start from; the row comparison alone is not an index condition, and every batch then
      // re-read the export's range from its start (issue 10: quadratic in the rows exported).
      keyset =
        filters.order === 'asc'
          ? sql`${column} >= ${value} and (${column}, ${l.id}) > (${value}, ${after.id})`
          : sql`${column} <= ${value} and (${column}, ${l.id}) < (${value}, ${after.id})`;
    }
    const rows = db
      .select()
      .from(l)
      .where(and(where, keyset))
      .orderBy(direction(column), direction(l.id))
      .limit(batch)
      .execute(); // started now (a query builder runs only when awaited)
    // A download abandoned half-way leaves the prefetch unread: its failure must not go unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  // The next batch is read while this one is formatted and written (at most two in memory).
  let next: Promise<LedgerRow[]> | undefined = fetchAfter(undefined);
  while (next) {
    const rows: LedgerRow[] = await next;
    next = rows.length === batch ? fetchAfter(rows[rows.length - 1]) : undefined;
    if (rows.length === 0) return;
    yield `${rows.map((row) => csvLine(row, language)).join('\r\n')}\r\n`;
  }
}
