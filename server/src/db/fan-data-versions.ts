import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { fanDataVersions } from './schema/index.ts';

/**
 * The kinds of a designer's fan data that crowd-pack rules read besides the fans' own columns
 * (issue 17 item 6), each with its version (`fan_data_versions`):
 * - `tags`: which fans carry which tags (`fan_tags`: tagging, batch tagging, tagging a pack's
 *   members, merging and deleting tags, recruitment's auto tags);
 * - `impressions`: which fans carry which impression words (`fan_impressions`);
 * - `orders`: what fans bought — boutique orders, course purchases, the fans' total spent, order
 *   count and last activity they move, and products' categories (a "bought in category" rule);
 * - `measurements`: `fan_measurements`;
 * - `wardrobe`: `fan_wardrobe_items`.
 * The fans' other columns (gender, birth year, city, source, followed at) are written when a fan
 * follows and never edited; a fan following changes the number of fans, which staleness reads.
 */
export const fanDataKinds = ['tags', 'impressions', 'orders', 'measurements', 'wardrobe'] as const;
export type FanDataKind = (typeof fanDataKinds)[number];
export type FanDataVersions = Record<FanDataKind, number>;

/**
 * Records that the designer's fan data of `kinds` changed: one more on each kind's version. Call
 * it in the transaction of the write, as its last statement: the version rows are locked until
 * the commit, so a write taking them last waits for nothing while holding them (no deadlock;
 * several kinds are taken in one order, in one statement). A computation reads the versions
 * before the fans (compute.ts), so the versions it records are never newer than the data it
 * read: a write committed meanwhile leaves the pack stale, never fresh with old members.
 */
export async function fanDataChanged(db: Database, designerId: number, ...kinds: FanDataKind[]) {
  const sorted = [...new Set(kinds)].sort();
  if (sorted.length === 0) return;
  await db
    .insert(fanDataVersions)
    .values(sorted.map((kind) => ({ designerId, kind, version: 1 })))
    .onConflictDoUpdate({
      target: [fanDataVersions.designerId, fanDataVersions.kind],
      set: { version: sql`${fanDataVersions.version} + 1` },
    });
}

/** The designer's fan data versions now, every kind (0 for a kind never written). */
export async function fanDataVersionsOf(db: Database, designerId: number): Promise<FanDataVersions> {
  const rows = await db
    .select({ kind: fanDataVersions.kind, version: fanDataVersions.version })
    .from(fanDataVersions)
    .where(eq(fanDataVersions.designerId, designerId));
  const versions = Object.fromEntries(fanDataKinds.map((kind) => [kind, 0])) as FanDataVersions;
  for (const row of rows) {
    if ((fanDataKinds as readonly string[]).includes(row.kind))
      versions[row.kind as FanDataKind] = row.version;
  }
  return versions;
}
