import type { Combination, RuleGroup } from '@dc/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { crowdPackSources, crowdPacks, tags } from '../db/schema/index.ts';
import { materialise, sourcesOf } from '../modules/crowd-packs/index.ts';
import { DAY_MS, HOUR_MS } from '../time/business-day.ts';

/**
 * demo's crowd packs (issue 8): four rule packs and one combined pack, materialised over the
 * demo fans (run after the fans seed). The same definitions on every machine.
 */
export async function seedCrowdPacks(db: Database, designerId: number, now: Date): Promise<void> {
  const tagRows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.designerId, designerId))
    .orderBy(asc(tags.id))
    .limit(3);
  const tagIds = tagRows.map((t) => t.id);
  const rules: Array<{ name: string; refreshMode: 'manual' | 'daily'; rule: RuleGroup }> = [
    {
      name: '高消费女性',
      refreshMode: 'daily',
      rule: {
        type: 'group',
        op: 'and',
        children: [
          { type: 'condition', field: 'gender', op: 'in', values: ['female'] },
          { type: 'condition', field: 'totalSpent', op: 'between', min: 100_000, max: null },
        ],
      },
    },
    {
      name: '近30天活跃',
      refreshMode: 'daily',
      rule: {
        type: 'group',
        op: 'and',
        children: [{ type: 'condition', field: 'lastActiveAt', op: 'withinDays', days: 30 }],
      },
    },
    {
      name: '一线城市年轻粉丝',
      refreshMode: 'manual',
      rule: {
        type: 'group',
        op: 'and',
        children: [
          { type: 'condition', field: 'age', op: 'between', min: 18, max: 30 },
          {
            type: 'group',
            op: 'or',
            children: [
              { type: 'condition', field: 'city', op: 'in', values: ['110100', '310100'] },
              { type: 'condition', field: 'city', op: 'in', values: ['440100', '440300'] },
            ],
          },
        ],
      },
    },
    {
      name: '旗袍衣橱',
      refreshMode: 'manual',
      rule: {
        type: 'group',
        op: 'or',
        children: [
          { type: 'condition', field: 'wardrobe', op: 'contains', category: 'qipao', size: null },
          ...(tagIds.length > 0
            ? [
                {
                  type: 'condition' as const,
                  field: 'tags' as const,
                  op: 'any' as const,
                  tagIds: tagIds.slice(0, 1),
                },
              ]
            : []),
        ],
      },
    },
  ];
  const at = new Date(now.getTime() - 7 * DAY_MS);
  const ids: number[] = [];
  for (const [index, { name, refreshMode, rule }] of rules.entries()) {
    const created = new Date(at.getTime() + index * HOUR_MS);
    const [row] = await db
      .insert(crowdPacks)
      .values({
        designerId,
        name,
        kind: 'rule',
        definition: rule,
        refreshMode,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    await materialise(db, row!, now);
    ids.push(row!.id);
  }
  const combination: Combination = { include: [[ids[0]!, ids[2]!], [ids[1]!]], exclude: [ids[3]!] };
  const [combined] = await db
    .insert(crowdPacks)
    .values({
      designerId,
      name: '活跃高价值（非旗袍）',
      kind: 'combined',
      definition: combination,
      refreshMode: 'daily',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db
    .insert(crowdPackSources)
    .values(sourcesOf(combination).map((sourcePackId) => ({ packId: combined!.id, sourcePackId })));
  await materialise(db, combined!, now);
}
