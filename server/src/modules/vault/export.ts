import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { BUSINESS_TIME_ZONE, type Language, type LedgerFilters } from '@dc/contract';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';
import { ledgerEntries as l } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { CSV_BOM, csvCell } from '../../http/csv.ts';
import { kindLabels, stateLabels } from './labels.ts';
import { ledgerWhere, sortColumnOf } from './ledger-query.ts';

/**
 * Rows per keyset step where the export is read in batches (PGlite; PostgreSQL when every COPY
 * slot is taken): one statement formats them and answers them as one text, so memory stays flat
 * however many rows are exported.
 */
export const EXPORT_BATCH = 5000;

/**
 * Exports streamed by COPY at once per PostgreSQL pool. A COPY holds its connection for the whole
 * download, as long as the client takes to read it; past these, an export is read in keyset
 * batches, which hold a connection only per batch, so slow downloads never starve the pool.
 */
export const COPY_EXPORT_SLOTS = 4;

/**
 * statement_timeout of an export's COPY. Its wall time is the download's (the server waits for
 * the client to read), so the pool's 30 s would cut a slow client's download short; a client
 * that goes away stops it at once (see `streamByCopy`).
 */
export const COPY_STATEMENT_TIMEOUT_MS = 10 * 60_000;

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

/** BOM and the header line: the document's first bytes, sent before any row is read. */
export const ledgerCsvHead = (language: Language) => `${CSV_BOM}${HEADERS[language].join(',')}\r\n`;

/** A constant of this file as an SQL string literal. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * `csvCell(value)` (server/src/http/csv.ts) in SQL, for a non-null text: a cell starting with
 * = + - @ TAB or CR gets a leading ' (ascii() is the first character's code point, 0 when
 * empty), and a cell holding a quote, comma, CR or LF is quoted with its quotes doubled.
 */
const csvCellSql = (value: SQL | AnyColumn) => {
  const defuse = sql`case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' else '' end`;
  return sql`case when ${value} ~ E'[",\\r\\n]' then '"' || ${defuse} || replace(${value}, '"', '""') || '"'
    else ${defuse} || ${value} end`;
};

/** A label column as `case`: the labels of labels.ts, escaped as csvCell escapes them. */
const labelSql = (column: AnyColumn, labels: [string, string][]) =>
  sql`case ${column} ${sql.join(
    labels.map(([value, label]) => sql`when ${literal(value)} then ${literal(csvCell(label))}`),
    sql` `,
  )} else ${csvCellSql(column)} end`;

/** `toWireDateTime` in SQL: YYYY-MM-DD HH:mm:ss in business time, seconds truncated as JS does. */
const wireDateTimeSql = (column: SQL | AnyColumn) =>
  sql`to_char(${column} at time zone ${literal(BUSINESS_TIME_ZONE)}, 'YYYY-MM-DD HH24:MI:SS')`;

/** `fenToYuan` in SQL: a numeric of scale 2 prints as -0.05, 0.00, 1234.50 (exact). */
const yuanSql = (column: AnyColumn) => sql`(${column}::numeric * 0.01)::text`;

/**
 * One CSV line of a ledger row, CRLF included, byte for byte what the JS formatter wrote before
 * issue 21 item 4 (server/test/vault/ledger-export.test.ts holds the two equal): id, time,
 * labels and texts through csvCell; amounts and the settlement time as they are.
 */
export function ledgerLineSql(language: Language): SQL {
  const cells = [
    sql`${l.id}::text`,
    wireDateTimeSql(l.createdAt),
    labelSql(l.kind, kindLabels(language)),
    labelSql(l.state, stateLabels(language)),
    csvCellSql(l.title),
    csvCellSql(sql`coalesce(${l.sourceTitle}, '')`),
    csvCellSql(sql`coalesce(${l.buyer}, '')`),
    yuanSql(l.amount),
    yuanSql(l.fee),
    yuanSql(l.net),
    sql`coalesce(${wireDateTimeSql(l.settledAt)}, '')`,
  ];
  return sql`${sql.join(cells, sql` || ',' || `)} || E'\\r\\n'`;
}

const orderOf = (filters: LedgerFilters) => {
  const column = sortColumnOf(filters.sortBy);
  const direction = sql.raw(filters.order === 'asc' ? 'asc' : 'desc');
  const reverse = sql.raw(filters.order === 'asc' ? 'desc' : 'asc');
  return { column, direction, reverse };
};

interface Batch {
  text: string | null;
  n: number;
  last_key: string | null;
  last_id: number | null;
}

/**
 * The filtered ledger as CSV in keyset batches of `batch` rows on (sort column, id), each
 * formatted by the database and answered as one text (the last row's key, as text, is exact to
 * the microsecond). The next batch is read while this one is written: never more than two in
 * memory. Used on PGlite, which has no streaming COPY, and on PostgreSQL past the COPY slots.
 */
export async function* ledgerCsv(
  db: Database,
  designerId: number,
  filters: LedgerFilters,
  language: Language,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield ledgerCsvHead(language);
  const { column, direction, reverse } = orderOf(filters);
  const where = ledgerWhere(designerId, filters);
  const line = ledgerLineSql(language);
  const fetchAfter = (after: { key: string; id: number } | undefined) => {
    let keyset: SQL | undefined;
    if (after) {
      const value =
        filters.sortBy === 'amount' || filters.sortBy === 'net'
          ? sql`${after.key}::bigint`
          : sql`${after.key}::timestamptz`;
      // The plain bound on the sort column is what an index on (designer_id, created_at) can
      // start from; the row comparison alone is not an index condition, and every batch then
      // re-read the export's range from its start (issue 10: quadratic in the rows exported).
      keyset =
        filters.order === 'asc'
          ? sql`${column} >= ${value} and (${column}, ${l.id}) > (${value}, ${after.id}::int)`
          : sql`${column} <= ${value} and (${column}, ${l.id}) < (${value}, ${after.id}::int)`;
    }
    const rows = rowsOf<Batch>(
      db,
      sql`select string_agg(b.line, '' order by b.k ${direction}, b.id ${direction}) as text,
                 count(*)::int as n,
                 (array_agg(b.k::text order by b.k ${reverse}, b.id ${reverse}))[1] as last_key,
                 (array_agg(b.id order by b.k ${reverse}, b.id ${reverse}))[1] as last_id
          from (select ${line} as line, ${column} as k, ${l.id} as id from ${l}
                where ${and(where, keyset)}
                order by ${column} ${direction}, ${l.id} ${direction}
                limit ${batch}) b`,
    );
    // A download abandoned half-way leaves the prefetch unread: its failure must not go unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  let next: Promise<Batch[]> | undefined = fetchAfter(undefined);
  while (next) {
    const [result]: Batch[] = await next;
    if (!result || result.n === 0 || result.text === null) return;
    next =
      result.n === batch && result.last_key !== null && result.last_id !== null
        ? fetchAfter({ key: result.last_key, id: Number(result.last_id) })
        : undefined;
    yield result.text;
  }
}

/** `query` as one SQL text with its values written in (COPY takes no parameters). */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query.inlineParams());
  // Strings are written as '…' with quotes doubled: safe with standard_conforming_strings on,
  // which the export's session sets. A NUL would end the statement's text early.
  if (params.length > 0 || text.includes('\0')) throw new Error('export query: values not inlined');
  return text;
}

/** The COPY statement of the filtered ledger's CSV lines, one text column in binary format. */
export function ledgerCopySql(designerId: number, filters: LedgerFilters, language: Language): string {
  const { column, direction } = orderOf(filters);
  return inlineSql(
    sql`copy (select ${ledgerLineSql(language)} from ${l} where ${ledgerWhere(designerId, filters)}
              order by ${column} ${direction}, ${l.id} ${direction})
        to stdout with (format binary)`,
  );
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const COPY_HEADER_BYTES = 19; // signature, flags (int32), header extension length (int32)

/**
 * COPY's binary format of one text column → the texts end to end. Each tuple is a field count
 * (int16, 1), the text's length (int32) and its bytes; -1 ends the data. Only whole lines leave
 * (a chunk never splits a character), and the document ends only after the trailer: a COPY cut
 * short fails the stream instead of ending a CSV that looks complete.
 */
export class CopyBinaryTexts extends Transform {
  private pending: Buffer | undefined;
  private headerRead = false;
  private trailerSeen = false;

  constructor(head: string) {
    super();
    this.push(Buffer.from(head, 'utf8'));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    callback(this.unwrap(chunk) ?? undefined);
  }

  /** Pushes the whole lines of `chunk` (and what was left of the previous one); a failure, or null. */
  private unwrap(chunk: Buffer): Error | null {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    let at = 0;
    if (!this.headerRead) {
      const extension = data.length >= COPY_HEADER_BYTES ? data.readUInt32BE(15) : 0;
      if (data.length < COPY_HEADER_BYTES + extension) {
        this.pending = data;
        return null;
      }
      if (!data.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE))
        return new Error('COPY: not the binary format');
      at = COPY_HEADER_BYTES + extension;
      this.headerRead = true;
    }
    if (this.trailerSeen && at < data.length) return new Error('COPY: data after its trailer');
    const out = Buffer.allocUnsafe(data.length);
    let written = 0;
    while (data.length - at >= 2) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        this.trailerSeen = true;
        at += 2;
        if (at < data.length) return new Error('COPY: data after its trailer');
        break;
      }
      if (fields !== 1) return new Error(`COPY: ${fields} fields in a row, expected 1`);
      if (data.length - at < 6) break;
      const length = data.readInt32BE(at + 2);
      if (length < 0) return new Error('COPY: a null line');
      if (data.length - at - 6 < length) break;
      data.copy(out, written, at + 6, at + 6 + length);
      written += length;
      at += 6 + length;
    }
    if (at < data.length) this.pending = data.subarray(at);
    if (written > 0) this.push(out.subarray(0, written));
    return null;
  }

  override _flush(callback: TransformCallback): void {
    if (!this.trailerSeen || this.pending) callback(new Error('COPY ended before its trailer'));
    else callback();
  }
}

const socketOf = (client: pg.PoolClient) =>
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;

const copySlotsInUse = new WeakMap<pg.Pool, number>();

/** The pool behind `db` when it is PostgreSQL (not PGlite, not a transaction's client). */
const poolOf = (db: Database): pg.Pool | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/**
 * The CSV by `COPY (SELECT …) TO STDOUT` on a client of the pool (issue 21 item 4): the database
 * formats every line and Node only unwraps them. Resolves once the client is checked out and the
 * session set, so a database that cannot be reached answers an error envelope, not a broken
 * download. The client goes back to the pool when the COPY ends; on a failure or a download
 * abandoned half-way its socket is destroyed and it leaves the pool (the backend, finding its
 * client gone, stops the query: within a second with client_connection_check_interval, where
 * PostgreSQL has it), since a COPY in flight cannot be stopped and the connection reused.
 */
async function streamByCopy(pool: pg.Pool, text: string, language: Language): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (failure?: Error) => {
    if (released) return;
    released = true;
    client.release(failure); // with a failure: removed from the pool and ended
    if (failure) socketOf(client)?.destroy(); // not waiting for the COPY to drain first
  };
  try {
    await client.query(
      `set statement_timeout = ${COPY_STATEMENT_TIMEOUT_MS}; set standard_conforming_strings = on`,
    );
    // PostgreSQL 14+ on Linux: notice a vanished client while still sorting, not only on send.
    await client.query(`set client_connection_check_interval = 1000`).catch(() => undefined);
  } catch (error) {
    release(error as Error);
    throw error;
  }
  const copy = client.query(copyTo(text));
  // Failures reach the pipeline; one the client reports after it (its socket destroyed) goes nowhere.
  copy.on('error', () => undefined);
  const body = new CopyBinaryTexts(ledgerCsvHead(language));
  pipeline(copy, body, (error) => {
    if (error) return release(error);
    client
      .query(
        'reset statement_timeout; reset standard_conforming_strings; reset client_connection_check_interval',
      )
      .then(
        () => release(),
        (failure: Error) => release(failure),
      );
  });
  return body;
}

/**
 * `GET /vault/ledger/export.csv`'s body: on PostgreSQL streamed by COPY while a slot is free
 * (COPY_EXPORT_SLOTS), otherwise (and on PGlite) the keyset batches of `ledgerCsv`, formatted
 * in SQL alike. A failure mid-stream fails the stream, and the HTTP response is cut without its
 * last chunk, so the download shows as failed rather than as a shorter CSV.
 */
export async function ledgerCsvStream(
  db: Database,
  designerId: number,
  filters: LedgerFilters,
  language: Language,
): Promise<Readable> {
  const pool = poolOf(db);
  const inUse = pool ? (copySlotsInUse.get(pool) ?? 0) : 0;
  // A keyword holding NUL cannot be written into a statement: the batches' parameters report it.
  const text =
    pool && inUse < COPY_EXPORT_SLOTS && !filters.keyword?.includes('\0')
      ? ledgerCopySql(designerId, filters, language)
      : undefined;
  if (!pool || !text) return Readable.from(ledgerCsv(db, designerId, filters, language));
  copySlotsInUse.set(pool, inUse + 1);
  let slotHeld = true;
  const freeSlot = () => {
    if (!slotHeld) return;
    slotHeld = false;
    copySlotsInUse.set(pool, (copySlotsInUse.get(pool) ?? 1) - 1);
  };
  try {
    const body = await streamByCopy(pool, text, language);
    body.once('close', freeSlot);
    return body;
  } catch (error) {
    freeSlot();
    throw error;
  }
}
