import { type Combination, packNodePath } from '@dc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { crowdPackMembers as m } from '../../db/schema/index.ts';
import { intArray } from '../tags/lock.ts';

/**
 * Combined packs (issue 8 item 2) are set operations on the source packs' materialised
 * memberships: each include group is the union of its packs, the groups are intersected, and the
 * union of the exclude list is taken away. `A INTERSECT B EXCEPT C` is `(A ∩ B) − C` (INTERSECT
 * binds tighter than EXCEPT).
 */
const unionOf = (packIds: readonly number[]): SQL =>
  sql`select ${m.fanId} as fan_id from ${m} where ${m.packId} = any(${intArray(packIds)})`;

export function combinationMembersSql(combination: Combination): SQL {
  const included = sql.join(
    combination.include.map((group) => unionOf(group)),
    sql` intersect `,
  );
  if (combination.exclude.length === 0) return included;
  return sql`${included} except ${unionOf(combination.exclude)}`;
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

/** Distinct fans in the union of `packIds`' snapshots, one count per node (`n0`, `n1`, …). */
export function combinationCountsSql(nodes: Array<{ packIds: number[] }>, combination: Combination): SQL {
  const columns = nodes.map(
    ({ packIds }, index) =>
      sql`(select count(distinct ${m.fanId})::int from ${m} where ${m.packId} = any(${intArray(packIds)})) as ${sql.raw(`n${index}`)}`,
  );
  return sql`select (select count(*)::int from (${combinationMembersSql(combination)}) s) as total, ${sql.join(columns, sql`, `)}`;
}

/** Whether one fan is in each node's packs (`n0`, `n1`, …). */
export function combinationTraceSql(nodes: Array<{ packIds: number[] }>, fanId: number): SQL {
  const columns = nodes.map(
    ({ packIds }, index) =>
      sql`exists (select 1 from ${m} where ${m.fanId} = ${fanId} and ${m.packId} = any(${intArray(packIds)})) as ${sql.raw(`n${index}`)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)}`;
}
