import { cityDisplayName, type FanRow, type FanTagChip } from '@dc/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fans, fanTags, tags } from '../../db/schema/index.ts';
import { toWireDateTime } from '../../http/wire-time.ts';

export type FanRecord = typeof fans.$inferSelect;

/** The tags of each fan among `fanIds`, by name. */
export async function tagsOfFans(db: Database, fanIds: number[]): Promise<Map<number, FanTagChip[]>> {
  const byFan = new Map<number, FanTagChip[]>();
  if (fanIds.length === 0) return byFan;
  const rows = await db
    .select({ fanId: fanTags.fanId, id: tags.id, name: tags.name, color: tags.color })
    .from(fanTags)
    .innerJoin(tags, eq(tags.id, fanTags.tagId))
    .where(inArray(fanTags.fanId, fanIds))
    .orderBy(asc(tags.name), asc(tags.id));
  for (const { fanId, ...chip } of rows) {
    const list = byFan.get(fanId) ?? [];
    list.push(chip);
    byFan.set(fanId, list);
  }
  return byFan;
}

const cityNameOf = (code: string): string => {
  if (!code) return '';
  try {
    return cityDisplayName(code).split(' ').pop() ?? '';
  } catch {
    return '';
  }
};

export function toFanRow(row: FanRecord, chips: FanTagChip[], year: number): FanRow {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    gender: row.gender as FanRow['gender'],
    age: row.birthYear === null ? null : year - row.birthYear,
    cityCode: row.cityCode,
    cityName: cityNameOf(row.cityCode),
    source: row.source as FanRow['source'],
    followedAt: toWireDateTime(row.followedAt),
    lastActiveAt: toWireDateTime(row.lastActiveAt),
    totalSpent: row.totalSpent,
    orderCount: row.orderCount,
    tags: chips,
  };
}

/** The designer's fan, or undefined. */
export async function findFan(db: Database, designerId: number, id: number): Promise<FanRecord | undefined> {
  const [row] = await db
    .select()
    .from(fans)
    .where(and(eq(fans.id, id), eq(fans.designerId, designerId)));
  return row;
}
