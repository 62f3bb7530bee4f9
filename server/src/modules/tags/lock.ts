import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Namespace of the designer's tag lock (the first key of the two-key advisory lock). */
const TAG_LOCK_NAMESPACE = 7_007;

/**
 * Serialises the designer's tag writes until the transaction ends (creating tags, tagging fans,
 * merging): the 100-per-designer and 20-per-fan limits are counted under it, so two requests at
 * once cannot both pass a count.
 */
export async function lockDesignerTags(tx: Database, designerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TAG_LOCK_NAMESPACE}, ${designerId})`);
}
