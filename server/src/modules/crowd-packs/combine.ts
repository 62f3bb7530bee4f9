import { type Combination, packNodePath } from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { fans, crowdPackMembers as m } from '../../db/schema/index.ts';
import { intArray } from '../../db/sql-helpers.ts';
import { designerFansFrom, type FanSlice } from './compile.ts';

/**
 * Combined packs (issue 8 item 2) are set operations on the source packs' materialised
 * memberships: each include group is the union of its packs, the groups are intersected, and the
 * union of the exclude list is taken away.
 *
 * They are asked of the designer's fans, one semi join per include group and one anti join for
 * the exclusions, which PostgreSQL runs as hash joins over the members' key. The same question as
 * `(A ∪ B) INTERSECT … EXCEPT (C ∪ …)`, without hashing and deduplicating every member set (5.3 s
 * for three packs of half a million fans each; 0.6 s this way, bench/RESULTS.md).
 */
const inPacks = (packIds: readonly number[]): SQL =>
  sql`exists (select 1 from ${m} where ${m.fanId} = ${fans.id} and ${m.packId} = any(${intArray(packIds)}))`;

function combinationTest(combination: Combination): SQL {
  const tests = combination.include.map((group) => inPacks(group));
  if (combination.exclude.length > 0) tests.push(sql`not ${inPacks(combination.exclude)}`);
  return sql.join(tests, sql` and `);
}

const designerFans = (designerId: number) => sql`${fans.designerId} = ${designerId}`;

/** The combination's members (`fan_id`); with `slice`, only those of that slice of the fans. */
export function combinationMembersSql(
  combination: Combination,
  designerId: number,
  slice: FanSlice | null = null,
): SQL {
  return sql`select ${fans.id} as fan_id from ${designerFansFrom(designerId, null, slice)} and ${combinationTest(combination)}`;
}

/** The combination's exact size (`n`). */
export function combinationTotalSql(combination: Combination, designerId: number): SQL {
  return sql`select count(*)::int as n from ${fans} where ${designerFans(designerId)} and ${combinationTest(combination)}`;
}

/** The combination's matches (`whole`) among one slice of the designer's fans, or all of them. */
export function combinationSliceTotalSql(
  combination: Combination,
  designerId: number,
  slice: FanSlice | null,
): SQL {
  return sql`select count(*)::int as whole from ${designerFansFrom(designerId, null, slice)} and ${combinationTest(combination)}`;
}

/** Every source pack of the combination, once. */
export const sourcesOf = (combination: Combination): number[] => [
  ...new Set([...combination.include.flat(), ...combination.exclude]),
];

/** Each node of a combination with its path, for counts and traces. */
export function combinationNodes(combination: Combination): Array<{ path: string; packIds: number[] }> {
  const nodes: Array<{ path: string; packIds: number[] }> = [];
  combination.include.forEach((group, g) => {
    nodes.push({ path: packNodePath('combination', 'include', g), packIds: group });
    group.forEach((packId, i) => {
      nodes.push({ path: packNodePath('combination', 'include', g, i), packIds: [packId] });
    });
  });
  if (combination.exclude.length > 0) {
    nodes.push({ path: packNodePath('combination', 'exclude'), packIds: combination.exclude });
    combination.exclude.forEach((packId, i) => {
      nodes.push({ path: packNodePath('combination', 'exclude', i), packIds: [packId] });
    });
  }
  return nodes;
}

/**
 * The whole combination's fans (`whole`), each node's (`n0`, `n1`, …; left out when `withNodes`
 * is false) and all the designer's fans (`all_fans`), in one pass over them, or over a
 * `samplePercent` sample of them (the rule counts' sampling, compile.ts). Each fan's source packs
 * are looked up once, by the members' key (`offset 0` keeps the lookup from being repeated for
 * every count); a node holds the fan when they share a pack. With `slice`, only that slice of
 * the fans.
 */
export function combinationCountsSql(
  combination: Combination,
  nodes: Array<{ packIds: number[] }>,
  designerId: number,
  samplePercent: number | null,
  withNodes = true,
  slice: FanSlice | null = null,
): SQL {
  const holds = (packIds: readonly number[]) => sql`coalesce(packs && ${intArray(packIds)}, false)`;
  const columns = (withNodes ? nodes : []).map(
    ({ packIds }, index) => sql`count(*) filter (where ${holds(packIds)})::int as ${sql.raw(`n${index}`)}`,
  );
  const whole = combination.include.map((group) => holds(group));
  if (combination.exclude.length > 0) whole.push(sql`not ${holds(combination.exclude)}`);
  return sql`select ${sql.join([sql`count(*)::int as all_fans`, sql`count(*) filter (where ${sql.join(whole, sql` and `)})::int as whole`, ...columns], sql`, `)}
             from (select (select array_agg(${m.packId}) from ${m}
                           where ${m.fanId} = ${fans.id} and ${m.packId} = any(${intArray(sourcesOf(combination))})) as packs
                   from ${designerFansFrom(designerId, samplePercent, slice)} offset 0) per_fan`;
}

/** Whether one fan is in each node's packs (`n0`, `n1`, …). */
export function combinationTraceSql(nodes: Array<{ packIds: number[] }>, fanId: number): SQL {
  const columns = nodes.map(
    ({ packIds }, index) =>
      sql`exists (select 1 from ${m} where ${m.fanId} = ${fanId} and ${m.packId} = any(${intArray(packIds)})) as ${sql.raw(`n${index}`)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)}`;
}
