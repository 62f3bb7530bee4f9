import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { images, lookBackgrounds, lookModels, videos } from '../../db/schema/index.ts';

/**
 * Every column that holds an object key of the store: an object no row names here is
 * unregistered (an upload never recorded, or a row since deleted) and the clean-up removes it.
 * A new column holding keys must be listed here, or its objects would be taken for leftovers.
 */
const KEY_COLUMNS: ReadonlyArray<readonly [PgTable, PgColumn]> = [
  [videos, videos.objectKey],
  [videos, videos.coverObjectKey],
  [videos, videos.playObjectKey],
  [images, images.objectKey],
  [lookModels, lookModels.objectKey],
  [lookModels, lookModels.posterObjectKey],
  [lookBackgrounds, lookBackgrounds.objectKey],
  [lookBackgrounds, lookBackgrounds.thumbnailObjectKey],
];

const BATCH = 500;

/** Which of `keys` some row registers. */
export async function registeredKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += BATCH) {
    const batch = keys.slice(start, start + BATCH);
    for (const [table, column] of KEY_COLUMNS) {
      const rows = (await db.select({ key: column }).from(table).where(inArray(column, batch))) as Array<{
        key: string | null;
      }>;
      for (const row of rows) if (row.key) found.add(row.key);
    }
  }
  return found;
}
