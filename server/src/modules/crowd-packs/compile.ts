import {
  type FanMeasurementKey,
  packNodePath,
  type RuleCondition,
  type RuleGroup,
  type RuleNode,
} from '@dc/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  boutiqueOrders,
  coursePurchases,
  courses,
  fanImpressions,
  fanMeasurements,
  fans,
  fanTags,
  fanWardrobeItems,
  products,
} from '../../db/schema/index.ts';
import { intArray, textArray } from '../../db/sql-helpers.ts';
import { businessDayEnd, businessDayStart, businessYear, DAY_MS } from '../../time/business-day.ts';
import { MEASUREMENT_FACTORS, storedMeasure } from '../fans/index.ts';

/**
 * The rule tree compiled to SQL over `fans` (issue 8 item 1). Every value the designer chose is
 * a bound parameter; the only identifiers are the fixed columns below, picked by the field's
 * name from a closed list, so no text of the input ever becomes SQL.
 */
export interface CompileContext {
  designerId: number;
  now: Date;
}

/** Measurement key → its column (millimetres, grams; the factors are `MEASUREMENT_FACTORS`). */
const measurementColumns: Record<FanMeasurementKey, AnyColumn> = {
  height: fanMeasurements.heightMm,
  weight: fanMeasurements.weightG,
  bust: fanMeasurements.bustMm,
  waist: fanMeasurements.waistMm,
  hip: fanMeasurements.hipMm,
  shoulder: fanMeasurements.shoulderMm,
  sleeve: fanMeasurements.sleeveMm,
  inseam: fanMeasurements.inseamMm,
};

const between = (column: AnyColumn | SQL, min: number | null, max: number | null): SQL => {
  const parts: SQL[] = [];
  if (min !== null) parts.push(sql`${column} >= ${min}`);
  if (max !== null) parts.push(sql`${column} <= ${max}`);
  return sql.join(parts, sql` and `);
};

function timeCondition(
  column: AnyColumn,
  condition: RuleCondition & { field: 'followedAt' | 'lastActiveAt' },
  ctx: CompileContext,
): SQL {
  if (condition.op === 'withinDays') {
    return sql`${column} >= ${new Date(ctx.now.getTime() - condition.days * DAY_MS).toISOString()}::timestamptz`;
  }
  return sql`${column} >= ${businessDayStart(condition.from).toISOString()}::timestamptz and ${column} < ${businessDayEnd(condition.to).toISOString()}::timestamptz`;
}

function purchaseCondition(condition: RuleCondition & { field: 'purchase' }, ctx: CompileContext): SQL {
  const since = new Date(ctx.now.getTime() - condition.days * DAY_MS).toISOString();
  const targets: SQL[] = [];
  if (condition.productIds.length > 0) {
    targets.push(sql`${boutiqueOrders.productId} = any(${intArray(condition.productIds)})`);
  }
  if (condition.categories.length > 0) {
    targets.push(
      sql`${boutiqueOrders.productId} in (select ${products.id} from ${products} where ${products.designerId} = ${ctx.designerId} and ${products.category} = any(${textArray(condition.categories)}))`,
    );
  }
  const which = targets.length > 0 ? sql` and (${sql.join(targets, sql` or `)})` : sql``;
  return sql`exists (select 1 from ${boutiqueOrders} where ${boutiqueOrders.fanId} = ${fans.id} and ${boutiqueOrders.designerId} = ${ctx.designerId} and ${boutiqueOrders.state} <> 'refunded' and ${boutiqueOrders.createdAt} >= ${since}::timestamptz${which})`;
}

/**
 * Bought a course within N days (any of `courseIds`, or any of the designer's courses when
 * empty): EXISTS over the purchases of the platform user the fan is, of the designer's courses.
 * A fan not linked to a platform user has bought none.
 */
function coursePurchaseCondition(
  condition: RuleCondition & { field: 'coursePurchase' },
  ctx: CompileContext,
): SQL {
  const since = new Date(ctx.now.getTime() - condition.days * DAY_MS).toISOString();
  const which =
    condition.courseIds.length > 0
      ? sql` and ${coursePurchases.courseId} = any(${intArray(condition.courseIds)})`
      : sql``;
  return sql`exists (select 1 from ${coursePurchases} inner join ${courses} on ${courses.id} = ${coursePurchases.courseId} where ${coursePurchases.buyerId} = ${fans.platformUserId} and ${courses.designerId} = ${ctx.designerId} and ${coursePurchases.boughtAt} >= ${since}::timestamptz${which})`;
}

function tagCondition(condition: RuleCondition & { field: 'tags' }): SQL {
  const ids = [...new Set(condition.tagIds)];
  const carried = sql`select 1 from ${fanTags} where ${fanTags.fanId} = ${fans.id} and ${fanTags.tagId} = any(${intArray(ids)})`;
  switch (condition.op) {
    case 'any':
      return sql`exists (${carried})`;
    case 'none':
      return sql`not exists (${carried})`;
    default:
      return sql`(select count(*) from ${fanTags} where ${fanTags.fanId} = ${fans.id} and ${fanTags.tagId} = any(${intArray(ids)})) = ${ids.length}`;
  }
}

/** Carries any of the impression words (EXISTS over fan_impressions), or none of them. */
function impressionCondition(condition: RuleCondition & { field: 'impression' }): SQL {
  const carried = sql`select 1 from ${fanImpressions} where ${fanImpressions.fanId} = ${fans.id} and ${fanImpressions.impressionId} = any(${intArray([...new Set(condition.impressionIds)])})`;
  return condition.op === 'any' ? sql`exists (${carried})` : sql`not exists (${carried})`;
}

/** One condition as a boolean over the current `fans` row; never null (unknown is "not met"). */
export function conditionSql(condition: RuleCondition, ctx: CompileContext): SQL {
  return sql`coalesce((${conditionBody(condition, ctx)}), false)`;
}

function conditionBody(condition: RuleCondition, ctx: CompileContext): SQL {
  switch (condition.field) {
    case 'gender':
      return sql`${fans.gender} = any(${textArray(condition.values)})`;
    case 'source':
      return sql`${fans.source} = any(${textArray(condition.values)})`;
    case 'city':
      return sql`${fans.cityCode} = any(${textArray(condition.values)})`;
    case 'age': {
      // age = this year - birth year: a minimum age is a latest birth year, and the other way round.
      const year = businessYear(ctx.now);
      return between(
        fans.birthYear,
        condition.max === null ? null : year - condition.max,
        condition.min === null ? null : year - condition.min,
      );
    }
    case 'followedAt':
      return timeCondition(fans.followedAt, condition, ctx);
    case 'lastActiveAt':
      return timeCondition(fans.lastActiveAt, condition, ctx);
    case 'totalSpent':
      return between(fans.totalSpent, condition.min, condition.max);
    case 'orderCount':
      return between(fans.orderCount, condition.min, condition.max);
    case 'purchase':
      return purchaseCondition(condition, ctx);
    case 'coursePurchase':
      return coursePurchaseCondition(condition, ctx);
    case 'tags':
      return tagCondition(condition);
    case 'impression':
      return impressionCondition(condition);
    case 'measurement': {
      const column = measurementColumns[condition.key];
      const factor = MEASUREMENT_FACTORS[condition.key];
      const range = between(
        column,
        storedMeasure(condition.min, factor),
        storedMeasure(condition.max, factor),
      );
      return sql`exists (select 1 from ${fanMeasurements} where ${fanMeasurements.fanId} = ${fans.id} and ${range})`;
    }
    case 'wardrobe': {
      const parts: SQL[] = [sql`${fanWardrobeItems.fanId} = ${fans.id}`];
      if (condition.category !== null) parts.push(sql`${fanWardrobeItems.category} = ${condition.category}`);
      if (condition.size !== null)
        parts.push(sql`lower(${fanWardrobeItems.size}) = ${condition.size.toLowerCase()}`);
      return sql`exists (select 1 from ${fanWardrobeItems} where ${sql.join(parts, sql` and `)})`;
    }
  }
}

/**
 * A node as a WHERE condition: the same test without the coalesce wrappers, so the planner can
 * answer conditions from indexes. Equivalent in a WHERE: a null is "not met" there, and groups
 * are only and/or (never negated), so a null cannot turn into a match.
 */
export function nodeFilterSql(node: RuleNode, ctx: CompileContext): SQL {
  if (node.type === 'condition') return sql`(${conditionBody(node, ctx)})`;
  const parts = node.children.map((child) => nodeFilterSql(child, ctx));
  return sql`(${sql.join(parts, node.op === 'and' ? sql` and ` : sql` or `)})`;
}

/** A node (group or condition) as one boolean expression. */
export function nodeSql(node: RuleNode, ctx: CompileContext): SQL {
  if (node.type === 'condition') return conditionSql(node, ctx);
  const parts = node.children.map((child) => nodeSql(child, ctx));
  return sql`(${sql.join(parts, node.op === 'and' ? sql` and ` : sql` or `)})`;
}

export interface PathedNode {
  path: string;
  node: RuleNode;
}

/** Every node of the tree, root first (depth-first), with its path (`rule.children.0`…). */
export function nodesOf(rule: RuleGroup, rootPath = 'rule'): PathedNode[] {
  const out: PathedNode[] = [];
  const visit = (node: RuleNode, path: string) => {
    out.push({ path, node });
    if (node.type === 'group') {
      node.children.forEach((child, index) => {
        visit(child, packNodePath(path, 'children', index));
      });
    }
  };
  visit(rule, rootPath);
  return out;
}

/**
 * The designer's fans that the rule matches: `select fans.id … where …`; with `slice`, only
 * those of that slice (a pack computed in short statements, issue 16 item 4), tested fan by fan
 * as a slice's count is (`ruleSliceTotalSql`): a short range must not be planned as joins over
 * every order.
 */
export const ruleMembersSql = (rule: RuleGroup, ctx: CompileContext, slice: FanSlice | null = null): SQL =>
  sql`select ${fans.id} as fan_id from ${designerFansFrom(ctx.designerId, null, slice)} and ${slice === null ? nodeFilterSql(rule, ctx) : nodeSql(rule, ctx)}`;

/** How many of the designer's fans the whole rule matches: one index-friendly `count(*)`. */
export const ruleTotalSql = (rule: RuleGroup, ctx: CompileContext): SQL =>
  sql`select count(*)::int as n from ${fans} where ${fans.designerId} = ${ctx.designerId} and ${nodeFilterSql(rule, ctx)}`;

/**
 * One slice of the designer's fans for a count that runs in short statements (issue 16 item 4):
 * the fans with `afterId < id <= throughId`, one range of the `(designer_id, id)` index, read
 * the same way whatever the planner knows of the table.
 */
export interface FanSlice {
  afterId: number;
  throughId: number;
}

/**
 * The designer's fans a count reads, as a `from` item of `fans`: all of them, or a
 * `samplePercent` page sample (the fixed seed draws the same pages for every slice, so the
 * slices add up to the one sample), and with `slice` only that slice.
 */
export function designerFansFrom(
  designerId: number,
  samplePercent: number | null,
  slice: FanSlice | null,
): SQL {
  const range =
    slice === null ? sql`` : sql` and ${fans.id} > ${slice.afterId} and ${fans.id} <= ${slice.throughId}`;
  return sql`${fans}${sampleClause(samplePercent)} where ${fans.designerId} = ${designerId}${range}`;
}

/** The lowest and highest id of the designer's fans (`lo`, `hi`; null without fans): where slices run. */
export const designerFanIdsSql = (designerId: number): SQL =>
  sql`select min(${fans.id}) as lo, max(${fans.id}) as hi from ${fans} where ${fans.designerId} = ${designerId}`;

/**
 * One scan of the designer's fans answering every node's count on its own and the number of all
 * fans: `all_fans`, `whole` (the root, `nodes[0]`, so the whole rule), `n1`, `n2`, …. Each
 * condition is evaluated once per fan, in a subquery (`offset 0` keeps the planner from copying
 * it into every count that uses it: planning and probing each condition once, not once per
 * count that holds it), and the groups' counts combine those booleans. With `withNodes` false
 * only `all_fans` and `whole`, the whole rule tested directly (it stops at its first unmet
 * condition). With `samplePercent`, the scan reads that share of the table's pages
 * (TABLESAMPLE SYSTEM, a fixed seed), and the caller scales the counts. With `slice`, only that
 * slice of them.
 */
export function ruleCountsSql(
  nodes: PathedNode[],
  ctx: CompileContext,
  samplePercent: number | null = null,
  withNodes = true,
  slice: FanSlice | null = null,
): SQL {
  const from = designerFansFrom(ctx.designerId, samplePercent, slice);
  const root = nodes[0]!.node;
  if (!withNodes) {
    return sql`select count(*)::int as all_fans, count(*) filter (where ${nodeSql(root, ctx)})::int as whole from ${from}`;
  }
  const columnOf = new Map<RuleNode, SQL>();
  const tests: SQL[] = [sql`true as c`];
  for (const { node } of nodes) {
    if (node.type !== 'condition') continue;
    const column = `c${columnOf.size}`;
    columnOf.set(node, sql.raw(column));
    tests.push(sql`${conditionSql(node, ctx)} as ${sql.raw(column)}`);
  }
  const over = (node: RuleNode): SQL =>
    node.type === 'condition'
      ? columnOf.get(node)!
      : sql`(${sql.join(node.children.map(over), node.op === 'and' ? sql` and ` : sql` or `)})`;
  const counts = nodes.map(
    ({ node }, index) =>
      sql`count(*) filter (where ${over(node)})::int as ${sql.raw(index === 0 ? 'whole' : `n${index}`)}`,
  );
  return sql`select count(*)::int as all_fans, ${sql.join(counts, sql`, `)}
             from (select ${sql.join(tests, sql`, `)} from ${from} offset 0) per_fan`;
}

/**
 * The whole rule's matches (`whole`) among one slice of the designer's fans (tested fan by fan),
 * or, without a slice, among all of them (the index-friendly WHERE of `ruleTotalSql`).
 */
export const ruleSliceTotalSql = (rule: RuleGroup, ctx: CompileContext, slice: FanSlice | null): SQL =>
  slice === null
    ? sql`select count(*)::int as whole from ${fans} where ${fans.designerId} = ${ctx.designerId} and ${nodeFilterSql(rule, ctx)}`
    : sql`select count(*) filter (where ${nodeSql(rule, ctx)})::int as whole from ${designerFansFrom(ctx.designerId, null, slice)}`;

/** `tablesample` of the fans for per-node counts (none when `samplePercent` is null). */
export const sampleClause = (samplePercent: number | null): SQL =>
  samplePercent === null
    ? sql``
    : sql` tablesample system (${sql.raw(String(samplePercent))}) repeatable (0)`;

/** One fan's result at every node: `n0`, `n1`, … booleans (no row when not the designer's fan). */
export function ruleTraceSql(nodes: PathedNode[], fanId: number, ctx: CompileContext): SQL {
  const columns = nodes.map(({ node }, index) => sql`${nodeSql(node, ctx)} as ${sql.raw(`n${index}`)}`);
  return sql`select ${sql.join(columns, sql`, `)} from ${fans} where ${fans.designerId} = ${ctx.designerId} and ${fans.id} = ${fanId}`;
}
