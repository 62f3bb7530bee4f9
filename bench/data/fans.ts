import type { Database } from '../../server/src/db/client.ts';
import { insertGeneratedFans, insertMeasurementsAndWardrobes } from '../../server/src/seed/fans.ts';
import type { RowHash } from '../../server/src/seed/row-hash.ts';
import { seedTags } from '../../server/src/seed/tags.ts';

/**
 * The heavy designer's fans: the demo seed's generator (0–5 of 30 tags each) for the fan rows,
 * then measurements (75% of fans) and wardrobes (0–4 garments a fan) from this run's seed.
 */
export async function insertFans(
  db: Database,
  options: { designerId: number; count: number; now: Date; hash: RowHash },
): Promise<void> {
  const { designerId, count, now, hash } = options;
  const tagIds = await seedTags(db, designerId, now);
  await insertGeneratedFans(db, { designerId, count, now, tagIds });
  await insertMeasurementsAndWardrobes(db, designerId, hash);
}
