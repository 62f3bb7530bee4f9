import type { RuleField, RuleGroup, RuleNode } from '@dc/contract';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type FanDataKind, type FanDataVersions, fanDataVersionsOf } from '../../db/fan-data-versions.ts';
import { fans } from '../../db/schema/index.ts';
import { businessDayCompact, DAY_MS } from '../../time/business-day.ts';
import type { PackRecord } from './compute.ts';

/**
 * When a pack's stored size may no longer be what its definition matches now ("stale", issue 17
 * item 6), judged as a designer would:
 * - its fans changed in number since it was computed (a fan followed or left): the share and,
 *   most likely, the members moved;
 * - the fan data its rule reads changed since it was computed: a fan tagged or untagged (a tag
 *   deleted or merged), given or stripped of an impression word, an order or a course bought, a
 *   product's category, a measurement, a wardrobe item. Each write of such data adds one to the
 *   designer's version of that kind in its transaction (`db/fan-data-versions.ts`); a computation
 *   stores the versions it read before the fans, and a rule pack is stale once a kind its rule
 *   reads (`dataReadBy`) has moved on. Per designer and per kind: another designer's writes, and
 *   writes a rule does not read (a tag on a gender rule, a fan's photo, a tag renamed), leave the
 *   pack fresh;
 * - its refresh period passed: a daily pack computed more than a day ago (the scheduler missed it,
 *   say the server was down);
 * - time alone moves fans in and out of it and it was computed before today (business day): a
 *   rule with a "within N days" condition or an age range;
 * - a combined pack whose source packs were computed after it (its input changed) or are stale.
 * A pack never computed is stale; one computing or failed is not (a computation is on its way, or
 * the failure is what the designer must see).
 */
export interface StalenessContext {
  now: Date;
  /** The designer's fans now. */
  fanCount: number;
  /** The designer's fan data versions now. */
  fanData: FanDataVersions;
}

/**
 * The kinds of fan data (besides the fans' own columns) each rule field reads; `compile.ts` says
 * which tables. Gender, age, city, source and followed-at are columns written when a fan follows.
 */
const dataReadBy: Record<RuleField, readonly FanDataKind[]> = {
  gender: [],
  age: [],
  city: [],
  source: [],
  followedAt: [],
  // Moved by boutique orders and course purchases.
  lastActiveAt: ['orders'],
  totalSpent: ['orders'],
  orderCount: ['orders'],
  // boutique_orders, and products' categories.
  purchase: ['orders'],
  // course_purchases of the fan's platform user.
  coursePurchase: ['orders'],
  tags: ['tags'],
  impression: ['impressions'],
  measurement: ['measurements'],
  wardrobe: ['wardrobe'],
};

/** The kinds of fan data a rule reads. */
export function kindsReadBy(node: RuleNode, into = new Set<FanDataKind>()): Set<FanDataKind> {
  if (node.type === 'group') {
    for (const child of node.children) kindsReadBy(child, into);
  } else {
    for (const kind of dataReadBy[node.field]) into.add(kind);
  }
  return into;
}

/** Whether a condition's answer changes with the calendar alone. */
function movesWithTime(node: RuleNode): boolean {
  if (node.type === 'group') return node.children.some(movesWithTime);
  switch (node.field) {
    case 'age':
    case 'purchase':
    case 'coursePurchase':
      return true;
    case 'followedAt':
    case 'lastActiveAt':
      return node.op === 'withinDays';
    default:
      return false;
  }
}

/**
 * Whether fan data the rule reads changed since the pack was computed. A version missing from
 * the pack's (computed before versions were kept) counts as changed.
 */
function readDataChanged(rule: RuleGroup, stored: Record<string, number>, now: FanDataVersions): boolean {
  for (const kind of kindsReadBy(rule)) if (stored[kind] !== now[kind]) return true;
  return false;
}

/** The stale test of one pack, sources aside. */
function staleOnItsOwn(pack: PackRecord, ctx: StalenessContext): boolean {
  if (pack.state !== 'ready') return false;
  if (pack.computedAt === null) return true;
  if (pack.allFans !== ctx.fanCount) return true;
  if (pack.kind === 'rule' && readDataChanged(pack.definition as RuleGroup, pack.dataVersions, ctx.fanData)) {
    return true;
  }
  const age = ctx.now.getTime() - pack.computedAt.getTime();
  if (pack.refreshMode === 'daily' && age >= DAY_MS) return true;
  const computedToday = businessDayCompact(pack.computedAt) === businessDayCompact(ctx.now);
  return pack.kind === 'rule' && !computedToday && movesWithTime(pack.definition as RuleGroup);
}

/** Whether `pack` is stale, given the records of the rule packs it uses (a combined pack's). */
export function isStale(pack: PackRecord, sources: readonly PackRecord[], ctx: StalenessContext): boolean {
  if (staleOnItsOwn(pack, ctx)) return true;
  if (pack.state !== 'ready' || pack.computedAt === null) return false;
  const computedAt = pack.computedAt.getTime();
  return sources.some(
    (source) =>
      (source.computedAt !== null && source.computedAt.getTime() > computedAt) || staleOnItsOwn(source, ctx),
  );
}

/** The designer's fans now: one count per request, shared by every pack it answers. */
export async function fanCountOf(db: Database, designerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fans).where(eq(fans.designerId, designerId));
  return row?.n ?? 0;
}

/** What staleness is judged against at `now`: read once per request, shared by every pack it answers. */
export async function stalenessContextOf(
  db: Database,
  designerId: number,
  now: Date,
): Promise<StalenessContext> {
  const [fanCount, fanData] = await Promise.all([
    fanCountOf(db, designerId),
    fanDataVersionsOf(db, designerId),
  ]);
  return { now, fanCount, fanData };
}
