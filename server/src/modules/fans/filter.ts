import type { FanFilterValue, FanSortField } from '@dc/contract';
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type KeysetSort, keysetOrder } from '../../db/keyset.ts';
import { fans, fanTags } from '../../db/schema/index.ts';
import { containsText, intArray } from '../../db/sql-helpers.ts';
import { businessDayEnd, businessDayStart, businessYear } from '../../time/business-day.ts';

const nonEmpty = <T>(list: readonly T[] | undefined): list is readonly T[] =>
  list !== undefined && list.length > 0;
const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * The filter of the fan list compiled to one parameterised condition over `fans` (no text of the
 * input is ever spliced into SQL).
 */
export function fanFilterCondition(designerId: number, filter: FanFilterValue, now: Date): SQL {
  const year = businessYear(now);
  const conditions: Array<SQL | undefined> = [eq(fans.designerId, designerId)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    conditions.push(
      /^\d{1,9}$/.test(keyword)
        ? sql`(${containsText(fans.nickname, keyword)} or ${fans.id} = ${Number(keyword)})`
        : containsText(fans.nickname, keyword),
    );
  }
  // Tag filters are per-fan probes of fan_tags' primary key (fan_id, tag_id): the list walks its
  // sort index and stops after a page, and the planner may still turn them into semi/anti joins
  // over (tag_id, fan_id) when it counts.
  if (nonEmpty(filter.tagsAny)) {
    conditions.push(
      sql`exists (select 1 from ${fanTags} where ${fanTags.fanId} = ${fans.id} and ${fanTags.tagId} = any(${intArray(unique(filter.tagsAny))}))`,
    );
  }
  if (nonEmpty(filter.tagsAll)) {
    for (const tagId of unique(filter.tagsAll)) {
      conditions.push(
        sql`exists (select 1 from ${fanTags} where ${fanTags.fanId} = ${fans.id} and ${fanTags.tagId} = ${tagId})`,
      );
    }
  }
  if (nonEmpty(filter.tagsNone)) {
    conditions.push(
      sql`not exists (select 1 from ${fanTags} where ${fanTags.fanId} = ${fans.id} and ${fanTags.tagId} = any(${intArray(unique(filter.tagsNone))}))`,
    );
  }
  if (nonEmpty(filter.source)) conditions.push(inArray(fans.source, [...filter.source]));
  if (nonEmpty(filter.gender)) conditions.push(inArray(fans.gender, [...filter.gender]));
  if (nonEmpty(filter.city)) conditions.push(inArray(fans.cityCode, [...filter.city]));
  // age = this year - birth year: a minimum age is a latest birth year, and the other way round.
  if (filter.ageMin !== undefined) conditions.push(lte(fans.birthYear, year - filter.ageMin));
  if (filter.ageMax !== undefined) conditions.push(gte(fans.birthYear, year - filter.ageMax));
  if (filter.spentMin !== undefined) conditions.push(gte(fans.totalSpent, filter.spentMin));
  if (filter.spentMax !== undefined) conditions.push(lte(fans.totalSpent, filter.spentMax));
  if (filter.followedFrom) conditions.push(gte(fans.followedAt, businessDayStart(filter.followedFrom)));
  if (filter.followedTo) conditions.push(lt(fans.followedAt, businessDayEnd(filter.followedTo)));
  if (filter.activeFrom) conditions.push(gte(fans.lastActiveAt, businessDayStart(filter.activeFrom)));
  if (filter.activeTo) conditions.push(lt(fans.lastActiveAt, businessDayEnd(filter.activeTo)));
  return and(...conditions)!;
}

/**
 * The order of the list, for keyset paging (issue 21 item 3): the sort key, then the id, both in
 * the list's direction, each answered by an index on (designer_id, key, id). The age sorts by
 * minus the birth year (a higher age is an earlier year), unknown ages last either way: the key
 * coalesces a missing year to a value past every real one, a different one per direction (no
 * single btree puts nulls last both forward and backward), so each direction has its own
 * expression index (`fans_designer_age_up_idx`, `fans_designer_age_down_idx`; the expressions
 * must stay as written there for the planner to match them).
 */
export function fanKeysetSort(sortBy: FanSortField, order: 'asc' | 'desc'): KeysetSort {
  const base = { id: fans.id, direction: order } as const;
  switch (sortBy) {
    case 'lastActiveAt':
      return { ...base, key: fans.lastActiveAt, type: 'timestamptz' };
    case 'totalSpent':
      return { ...base, key: fans.totalSpent, type: 'bigint' };
    case 'orderCount':
      return { ...base, key: fans.orderCount, type: 'int' };
    case 'age':
      return {
        ...base,
        key:
          order === 'asc'
            ? sql`coalesce(-(${fans.birthYear})::int, 1000000)`
            : sql`coalesce(-(${fans.birthYear})::int, -1000000)`,
        type: 'int',
      };
    default:
      return { ...base, key: fans.followedAt, type: 'timestamptz' };
  }
}

/** ORDER BY of the list: the sort key, then the id (a stable order for paging). */
export const fanOrder = (sortBy: FanSortField, order: 'asc' | 'desc'): SQL[] =>
  keysetOrder(fanKeysetSort(sortBy, order));
