import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { images, lookModels, videos } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/**
 * The bytes a designer holds in the store, counted from the rows that register their uploads:
 * every video, image and 3D model at its declared size (the store takes no more than that into
 * the object). A row removed (deleted, or abandoned and cleaned) stops counting at once, so the
 * count never drifts from what is registered.
 */
export async function storedBytesOf(db: Database, designerId: number): Promise<number> {
  const [row] = await rowsOf<{ total: string | number | null }>(
    db,
    sql`select
          (select coalesce(sum(${videos.fileSize}), 0) from ${videos} where ${videos.designerId} = ${designerId})
        + (select coalesce(sum(${images.fileSize}), 0) from ${images} where ${images.designerId} = ${designerId})
        + (select coalesce(sum(${lookModels.byteSize}), 0) from ${lookModels} where ${lookModels.designerId} = ${designerId})
        as total`,
  );
  return Number(row?.total ?? 0);
}
