import type { RuleCondition, RuleGroup } from '@dc/contract';
import { nodesOf } from './compile.ts';

/**
 * What a live count of a rule costs before it runs (issue 16 item 4): conditions × their kind's
 * weight × the fans it reads. Weights are microseconds per fan and evaluation on PGlite, the
 * slower engine, measured on the demo designer (20,000 fans) with the probe indexes of migration
 * 0023: a column test is nearly free, a `purchase` is one index descent per fan, `tags all`
 * counts the fan's tags. PostgreSQL runs the same statements about four times faster.
 */
const BASE_US_PER_FAN = 3;

function conditionWeight(condition: RuleCondition): number {
  switch (condition.field) {
    case 'purchase':
      // Products or categories add the product lookup to every probe.
      return condition.productIds.length > 0 || condition.categories.length > 0 ? 5 : 2;
    case 'coursePurchase':
      return 2;
    case 'tags':
      return condition.op === 'all' ? 15 : 8;
    case 'impression':
      return 6;
    case 'measurement':
      return 4;
    case 'wardrobe':
      return 5;
    default:
      return 0.2;
  }
}

export type Engine = 'pglite' | 'postgres';
const ENGINE_FACTOR: Record<Engine, number> = { pglite: 1, postgres: 0.25 };

/**
 * Estimated microseconds per fan read: every condition is evaluated for each node count and
 * again, at worst, for the whole rule.
 */
export function ruleCostPerFan(rule: RuleGroup): number {
  let weights = 0;
  for (const { node } of nodesOf(rule)) if (node.type === 'condition') weights += conditionWeight(node);
  return BASE_US_PER_FAN + 2 * weights;
}

/** Estimated milliseconds of a live count of `rule` reading `fans` fans on `engine`. */
export const liveCountCostMs = (rule: RuleGroup, fans: number, engine: Engine): number =>
  (fans * ruleCostPerFan(rule) * ENGINE_FACTOR[engine]) / 1000;

/**
 * The share of the time budget a rule's estimate may take: the estimate is an average, and the
 * other requests that share the database take their turns too.
 */
export const LIVE_COUNT_COST_SHARE = 0.6;

/** Whether a live count of `rule` over `fans` fans is refused before it runs. */
export const tooHeavyToCountLive = (
  rule: RuleGroup,
  fans: number,
  engine: Engine,
  budgetMs: number,
): boolean => liveCountCostMs(rule, fans, engine) > budgetMs * LIVE_COUNT_COST_SHARE;

/** How many fans a slice of the first statement holds: about `targetMs` of work. */
export const firstSliceFans = (rule: RuleGroup | null, engine: Engine, targetMs: number): number => {
  const perFanUs = (rule === null ? BASE_US_PER_FAN * 4 : ruleCostPerFan(rule)) * ENGINE_FACTOR[engine];
  return Math.round((targetMs * 1000) / perFanUs);
};
