import { getTableColumns, is, isNotNull, sql } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { ABANDONED_UPLOAD_MS } from '../modules/storage-quota/cleanup.ts';

/**
 * Which object keys the database references, for `storage verify`. Its own command
 * (`storage references`) so that it runs where the database is: on the running server when that
 * holds the embedded database, while the CLI checks the store itself.
 */

/**
 * `stored`: the object must be there. `uploading`: the row waits for its upload (not expected).
 * `recent`: an image row under a day old, which has no status: its upload may still be coming.
 */
export type ReferenceState = 'stored' | 'recent' | 'uploading';

export interface ObjectReference {
  key: string;
  state: ReferenceState;
  /** The size the row records for the object (videos, images, 3D models), if any. */
  size: number | undefined;
}

interface KeyColumn {
  table: PgTable;
  key: PgColumn;
  size: PgColumn | undefined;
  status: PgColumn | undefined;
  createdAt: PgColumn | undefined;
}

/**
 * The schema's `…object_key` columns: the same ones storage-quota/registry.ts registers, read
 * from the schema so a new one is not missed. A row's `file_size` or `byte_size` is its own
 * upload's (`object_key`), not that of a cover or poster it points at.
 */
export const keyColumns: KeyColumn[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const columns = Object.values(getTableColumns(table)) as PgColumn[];
    const named = (name: string) => columns.find((column) => column.name === name);
    return columns
      .filter((column) => column.name.endsWith('object_key'))
      .map((key) => ({
        table,
        key,
        size: key.name === 'object_key' ? (named('file_size') ?? named('byte_size')) : undefined,
        status: named('status'),
        createdAt: named('created_at'),
      }));
  });

const STRENGTH: Record<ReferenceState, number> = { uploading: 0, recent: 1, stored: 2 };

/** Every referenced key once, with the strongest expectation any of its rows holds. */
export async function objectReferences(db: Database, now: Date): Promise<ObjectReference[]> {
  const found = new Map<string, ObjectReference>();
  const recentSince = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
  for (const column of keyColumns) {
    const rows = (await db
      .select({
        key: column.key,
        size: column.size ?? sql`null`,
        status: column.status ?? sql`null`,
        createdAt: column.createdAt ?? sql`null`,
      })
      .from(column.table)
      .where(isNotNull(column.key))) as Array<{
      key: string;
      size: number | string | null;
      status: string | null;
      createdAt: Date | null;
    }>;
    for (const row of rows) {
      const uploadRow = column.size !== undefined;
      const state: ReferenceState =
        row.status === 'uploading'
          ? 'uploading'
          : uploadRow && !column.status && row.createdAt && row.createdAt >= recentSince
            ? 'recent'
            : 'stored';
      const size = row.size === null ? undefined : Number(row.size);
      const known = found.get(row.key);
      if (!known) found.set(row.key, { key: row.key, state, size });
      else {
        if (STRENGTH[state] > STRENGTH[known.state]) known.state = state;
        known.size ??= size;
      }
    }
  }
  return [...found.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** One line a reference: state, size (`-` when none is recorded), key (last: it may hold anything but a newline). */
export const referenceLine = (ref: ObjectReference) => `${ref.state}\t${ref.size ?? '-'}\t${ref.key}`;

export function parseReferenceLine(line: string): ObjectReference | undefined {
  const match = /^(stored|recent|uploading)\t(\d+|-)\t(.+)$/.exec(line);
  if (!match) return undefined;
  return {
    state: match[1] as ReferenceState,
    size: match[2] === '-' ? undefined : Number(match[2]),
    key: match[3]!,
  };
}
