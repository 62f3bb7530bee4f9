import { fans, fanTags, tagClassifications, tags } from '../../src/db/schema/index.ts';
import type { AccountsApp } from '../support/calls.ts';

export const NOW = new Date();
const DAY = 86_400_000;
const thisYear = new Date(NOW.getTime() + 8 * 3_600_000).getUTCFullYear();

export interface FanSpec {
  nickname?: string;
  gender?: 'male' | 'female' | 'unknown';
  age?: number | null;
  city?: string;
  source?: 'video' | 'course' | 'boutique' | 'recruitment' | 'import';
  followedDaysAgo?: number;
  activeDaysAgo?: number;
  spent?: number;
  orders?: number;
}

/** A fan row with the given attributes; answers its id. */
export async function addFan(t: AccountsApp, designerId: number, spec: FanSpec = {}): Promise<number> {
  const followed = new Date(NOW.getTime() - (spec.followedDaysAgo ?? 10) * DAY);
  const [row] = await t.db
    .insert(fans)
    .values({
      designerId,
      nickname: spec.nickname ?? 'fan',
      gender: spec.gender ?? 'female',
      birthYear: spec.age === null ? null : thisYear - (spec.age ?? 30),
      cityCode: spec.city ?? '440100',
      source: spec.source ?? 'video',
      followedAt: followed,
      lastActiveAt: new Date(NOW.getTime() - (spec.activeDaysAgo ?? 1) * DAY),
      totalSpent: spec.spent ?? 0,
      orderCount: spec.orders ?? 0,
      createdAt: followed,
      updatedAt: followed,
    })
    .returning({ id: fans.id });
  return row!.id;
}

/** A classification with `count` tags (`T1`, `T2`…); answers the classification id and tag ids. */
export async function addTags(t: AccountsApp, designerId: number, count: number, name = 'group') {
  const [group] = await t.db
    .insert(tagClassifications)
    .values({ designerId, name, createdAt: NOW, updatedAt: NOW })
    .returning({ id: tagClassifications.id });
  const ids: number[] = [];
  if (count > 0) {
    const rows = await t.db
      .insert(tags)
      .values(
        Array.from({ length: count }, (_, i) => ({
          designerId,
          classificationId: group!.id,
          name: `T${i + 1}`,
          color: '#593BFF',
          createdAt: NOW,
          updatedAt: NOW,
        })),
      )
      .returning({ id: tags.id });
    ids.push(...rows.map((r) => r.id));
  }
  return { classificationId: group!.id, tagIds: ids };
}

/** Links fans and tags directly. */
export async function tagFans(t: AccountsApp, fanIds: number[], tagIds: number[]) {
  const values = fanIds.flatMap((fanId) => tagIds.map((tagId) => ({ fanId, tagId })));
  if (values.length > 0) await t.db.insert(fanTags).values(values).onConflictDoNothing();
}
