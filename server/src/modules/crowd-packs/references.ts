import { type Combination, packNodePath, type RuleGroup } from '@dc/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { courses, crowdPacks, impressions, products, tags } from '../../db/schema/index.ts';
import { intArray, rowsOf } from '../../db/sql-helpers.ts';
import { invalidField } from '../../http/failures.ts';
import { message } from '../../http/messages.ts';
import { nodesOf } from './compile.ts';
import { crowdPacksMessages } from './messages.ts';

/**
 * The ids a definition refers to must be the designer's own: a tag, product or pack that was
 * deleted or belongs to someone else is 40000 on the path of the condition or pack that names it
 * (tags, products, courses, impressions).
 */
export async function checkRuleReferences(db: Database, designerId: number, rule: RuleGroup): Promise<void> {
  const tagUses: Array<{ path: string; ids: number[] }> = [];
  const productUses: Array<{ path: string; ids: number[] }> = [];
  const impressionUses: Array<{ path: string; ids: number[] }> = [];
  const courseUses: Array<{ path: string; ids: number[] }> = [];
  for (const { path, node } of nodesOf(rule)) {
    if (node.type !== 'condition') continue;
    if (node.field === 'tags') tagUses.push({ path: packNodePath(path, 'tagIds'), ids: node.tagIds });
    if (node.field === 'impression') {
      impressionUses.push({ path: packNodePath(path, 'impressionIds'), ids: node.impressionIds });
    }
    if (node.field === 'purchase' && node.productIds.length > 0) {
      productUses.push({ path: packNodePath(path, 'productIds'), ids: node.productIds });
    }
    if (node.field === 'coursePurchase' && node.courseIds.length > 0) {
      courseUses.push({ path: packNodePath(path, 'courseIds'), ids: node.courseIds });
    }
  }
  await requireOwn(
    tagUses,
    async (ids) => {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select ${tags.id} as id from ${tags} where ${tags.designerId} = ${designerId} and ${tags.id} = any(${intArray(ids)})`,
      );
      return new Set(rows.map((r) => r.id));
    },
    'tag',
  );
  await requireOwn(
    productUses,
    async (ids) => {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select ${products.id} as id from ${products} where ${products.designerId} = ${designerId} and ${products.id} = any(${intArray(ids)})`,
      );
      return new Set(rows.map((r) => r.id));
    },
    'product',
  );
  await requireOwn(
    courseUses,
    async (ids) => {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select ${courses.id} as id from ${courses} where ${courses.designerId} = ${designerId} and ${courses.id} = any(${intArray(ids)})`,
      );
      return new Set(rows.map((r) => r.id));
    },
    'course',
  );
  await requireOwn(
    impressionUses,
    async (ids) => {
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select ${impressions.id} as id from ${impressions} where ${impressions.designerId} = ${designerId} and ${impressions.id} = any(${intArray(ids)})`,
      );
      return new Set(rows.map((r) => r.id));
    },
    'impression',
  );
}

/** What a rule names that the designer does not have. */
const MISSING = {
  tag: crowdPacksMessages.tagMissing,
  product: crowdPacksMessages.productMissing,
  course: crowdPacksMessages.courseMissing,
  impression: crowdPacksMessages.impressionMissing,
} as const;

async function requireOwn(
  uses: Array<{ path: string; ids: number[] }>,
  own: (ids: number[]) => Promise<Set<number>>,
  what: 'tag' | 'product' | 'course' | 'impression',
) {
  const all = [...new Set(uses.flatMap((use) => use.ids))];
  if (all.length === 0) return;
  const found = await own(all);
  for (const use of uses) {
    const missing = use.ids.find((id) => !found.has(id));
    if (missing !== undefined) throw invalidField(use.path, message(MISSING[what], { id: missing }));
  }
}

/**
 * A combination's sources must be the designer's rule packs (combined packs cannot nest, so a
 * cycle cannot be built). The rows are locked FOR SHARE until the transaction ends, so a source
 * cannot be deleted while the combined pack that uses it is being saved.
 */
export async function checkCombinationSources(
  tx: Database,
  designerId: number,
  combination: Combination,
): Promise<void> {
  const ids = [...new Set([...combination.include.flat(), ...combination.exclude])];
  const rows = await rowsOf<{ id: number; kind: string }>(
    tx,
    sql`select ${crowdPacks.id} as id, ${crowdPacks.kind} as kind from ${crowdPacks}
        where ${crowdPacks.designerId} = ${designerId} and ${crowdPacks.id} = any(${intArray(ids)})
        order by ${crowdPacks.id} for share`,
  );
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  const check = (packId: number, path: string) => {
    const kind = kinds.get(packId);
    if (kind === undefined) throw invalidField(path, message(crowdPacksMessages.packMissing, { id: packId }));
    if (kind !== 'rule') throw invalidField(path, crowdPacksMessages.onlyRulePacksCombine);
  };
  combination.include.forEach((group, g) => {
    group.forEach((packId, i) => {
      check(packId, packNodePath('combination', 'include', g, i));
    });
  });
  combination.exclude.forEach((packId, i) => {
    check(packId, packNodePath('combination', 'exclude', i));
  });
}
