import { TAGS_PER_FAN_MAX } from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { fanTags } from '../../db/schema/index.ts';
import { intArray } from '../../db/sql-helpers.ts';

/**
 * The CTEs that add the tags `add` to the fans of a preceding CTE `sel` (its column `id`), to
 * each fan whose tags still fit in TAGS_PER_FAN_MAX with them: `room` (each selected fan, what it
 * carries, how many of `add` it has already), `fits` (the fans they fit) and `ins` (the rows
 * inserted). Follow with a select reading `sel`, `room`, `fits` and `ins`. One rule for batch
 * tagging and for tagging a crowd pack's members.
 */
export const addTagsWithinLimitCtes = (add: readonly number[], now: Date): SQL => sql`room as (
    select sel.id,
      (select count(*) from ${fanTags} where ${fanTags.fanId} = sel.id) as carried,
      (select count(*) from ${fanTags} where ${fanTags.fanId} = sel.id and ${fanTags.tagId} = any(${intArray(add)})) as already
    from sel),
  fits as (select id from room where carried - already + ${add.length} <= ${TAGS_PER_FAN_MAX}),
  ins as (
    insert into ${fanTags} (fan_id, tag_id, created_at)
    select fits.id, t.id, ${now.toISOString()}::timestamptz
    from fits cross join unnest(${intArray(add)}) as t(id)
    on conflict do nothing
    returning 1)`;
