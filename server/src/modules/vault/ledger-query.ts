import type { LedgerEntry, LedgerFilters, LedgerPage } from '@dc/contract';
import { and, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type KeysetSort, readRowsByKeyset } from '../../db/keyset.ts';
import { ledgerEntries as l, ledgerDailyRollups } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { totalPagesOf } from '../../http/list-page.ts';
import {
  cursorScope,
  cursorsOf,
  decodeCursor,
  planPageRead,
  readKeysetPage,
} from '../../http/page-cursor.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { addDays, businessDayStart } from '../../time/business-day.ts';
import { settleDueEntries } from './ledger.ts';

export type LedgerRow = typeof l.$inferSelect;

export const ledgerEntryToWire = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  fee: row.fee,
  net: row.net,
  state: row.state,
  title: row.title,
  sourceType: row.sourceType,
  sourceId: row.sourceId,
  sourceTitle: row.sourceTitle,
  buyer: row.buyer,
  withdrawalId: row.withdrawalId,
  createdAt: toWireDateTime(row.createdAt),
  settleDueAt: row.settleDueAt ? toWireDateTime(row.settleDueAt) : null,
  settledAt: row.settledAt ? toWireDateTime(row.settledAt) : null,
});

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of the designer's ledger under the filters (dates are business days, inclusive). */
export function ledgerWhere(designerId: number, filters: LedgerFilters): SQL {
  const keyword = filters.keyword ? likePattern(filters.keyword) : undefined;
  return and(
    eq(l.designerId, designerId),
    filters.kind ? eq(l.kind, filters.kind) : undefined,
    filters.state ? eq(l.state, filters.state) : undefined,
    filters.dateFrom ? gte(l.createdAt, businessDayStart(filters.dateFrom)) : undefined,
    filters.dateTo ? lt(l.createdAt, businessDayStart(addDays(filters.dateTo, 1))) : undefined,
    filters.amountMin !== undefined ? gte(l.amount, filters.amountMin) : undefined,
    filters.amountMax !== undefined ? lte(l.amount, filters.amountMax) : undefined,
    keyword ? or(ilike(l.title, keyword), ilike(l.sourceTitle, keyword), ilike(l.buyer, keyword)) : undefined,
  ) as SQL;
}

export const sortColumnOf = (sortBy: LedgerFilters['sortBy']) =>
  sortBy === 'amount' ? l.amount : sortBy === 'net' ? l.net : l.createdAt;

/**
 * The count and sums of every filtered row. Without a keyword it reads only the covering indexes
 * (`ledger_designer_created_idx`, `ledger_designer_kind_created_idx`), never the table.
 */
export function ledgerTotalsQuery(db: Database, designerId: number, filters: LedgerFilters) {
  return db
    .select({
      entries: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${l.amount}), 0)`,
      fee: sql<string>`coalesce(sum(${l.fee}), 0)`,
      net: sql<string>`coalesce(sum(${l.net}), 0)`,
    })
    .from(l)
    .where(ledgerWhere(designerId, filters));
}

/**
 * Whether the daily rollups answer the totals exactly: they hold every (business day, kind,
 * state) of the ledger, so filters on those alone are sums of rollup rows; an amount or a
 * keyword is a property of single entries.
 */
export const rollupsAnswer = (filters: LedgerFilters): boolean =>
  filters.amountMin === undefined && filters.amountMax === undefined && !filters.keyword;

/**
 * The count and sums of the filtered rows from the daily rollups (at most a row per day, kind
 * and state): at 5,000,000 entries a year of them is summed from a few thousand rows instead of
 * a million index entries. Only when `rollupsAnswer(filters)`; the rollups move with every
 * entry in its transaction and with settlement, which `ledgerPage` runs first.
 */
export function ledgerTotalsFromRollups(db: Database, designerId: number, filters: LedgerFilters) {
  const r = ledgerDailyRollups;
  return db
    .select({
      entries: sql<string>`coalesce(sum(${r.entries}), 0)`,
      amount: sql<string>`coalesce(sum(${r.amount}), 0)`,
      fee: sql<string>`coalesce(sum(${r.fee}), 0)`,
      net: sql<string>`coalesce(sum(${r.net}), 0)`,
    })
    .from(r)
    .where(
      and(
        eq(r.designerId, designerId),
        filters.kind ? eq(r.kind, filters.kind) : undefined,
        filters.state ? eq(r.state, filters.state) : undefined,
        filters.dateFrom ? gte(r.day, filters.dateFrom) : undefined,
        filters.dateTo ? lte(r.day, filters.dateTo) : undefined,
      ),
    );
}

/**
 * The ledger's order for keyset paging (issue 21 item 3): the sort column, then the id, in the
 * list's direction; each sort has an index on (designer_id, column, id) —
 * `ledger_designer_created_idx`, `ledger_designer_amount_idx`, `ledger_designer_net_idx`.
 */
export const ledgerKeysetSort = (sortBy: LedgerFilters['sortBy'], order: 'asc' | 'desc'): KeysetSort => ({
  key: sortColumnOf(sortBy),
  type: sortBy === 'createdAt' ? 'timestamptz' : 'bigint',
  id: l.id,
  direction: order,
});

/**
 * `GET /vault/ledger`: one page of the filtered ledger and the totals of all filtered rows. A
 * cursor seeks on (sort column, id), so the next or previous page costs the same at any depth;
 * `page` alone still jumps by offset.
 */
export async function ledgerPage(
  db: Database,
  designerId: number,
  query: LedgerFilters & { page?: number; pageSize: number; cursor?: string; _t?: number },
  now: Date,
): Promise<LedgerPage> {
  await settleDueEntries(db, designerId, now);
  const { page, pageSize, cursor, _t, ...filters } = query;
  const where = ledgerWhere(designerId, filters);
  const sort = ledgerKeysetSort(filters.sortBy, filters.order);
  const scope = cursorScope('ledger', designerId, filters);
  const decoded = cursor ? decodeCursor(cursor, scope, sort.type) : undefined;
  const [totals] = await (rollupsAnswer(filters) ? ledgerTotalsFromRollups : ledgerTotalsQuery)(
    db,
    designerId,
    filters,
  );
  const totalNumber = Number(totals?.entries ?? 0);
  // The total is exact: a page nearer the end is read backwards from it.
  const plan = planPageRead(page, pageSize, decoded, totalNumber);
  const read =
    !plan.seek && plan.start >= totalNumber
      ? null
      : await readKeysetPage(plan, pageSize, (step) => readRowsByKeyset(db, l, where, sort, step));
  return {
    dataList: read ? read.rows.map(ledgerEntryToWire) : [],
    totalNumber,
    totalPages: totalPagesOf(totalNumber, pageSize),
    totals: {
      entries: totalNumber,
      amount: Number(totals?.amount ?? 0),
      fee: Number(totals?.fee ?? 0),
      net: Number(totals?.net ?? 0),
    },
    computedAt: toWireDateTime(now),
    ...cursorsOf(scope, read ?? { next: null, prev: null }),
  };
}

/** `GET /vault/ledger/:id`: one of the designer's entries (another designer's: 40400). */
export async function ledgerEntry(db: Database, designerId: number, id: number): Promise<LedgerEntry> {
  const [row] = await db
    .select()
    .from(l)
    .where(and(eq(l.id, id), eq(l.designerId, designerId)));
  if (!row) throw notFound();
  return ledgerEntryToWire(row);
}
