import type { FanMeasurementKey, PackDetail, ProductCategory, RuleCondition, RuleNode } from '@dc/contract';
import {
  boutiqueOrders,
  coursePurchases,
  courses,
  fanImpressions,
  fanMeasurements,
  fans,
  fanTags,
  fanWardrobeItems,
  platformUsers,
  products,
} from '../../src/db/schema/index.ts';
import { businessDayEnd, businessDayStart, businessYear } from '../../src/time/business-day.ts';
import { type AccountsApp, call, dataOf, type Session } from '../support/calls.ts';

export const DAY = 86_400_000;

/** Everything a rule can test about one fan, as the in-memory evaluator reads it. */
export interface FanFixture {
  id?: number;
  gender: 'male' | 'female' | 'unknown';
  birthYear: number | null;
  cityCode: string;
  source: 'video' | 'course' | 'boutique' | 'recruitment' | 'import';
  followedAt: Date;
  lastActiveAt: Date;
  totalSpent: number;
  orderCount: number;
  tagIds: number[];
  /** Impression words the fan carries (ids of the designer's impressions); none when absent. */
  impressionIds?: number[];
  /** Stored units (mm, g); null: no measurements row. */
  measurements: Partial<Record<FanMeasurementKey, number | null>> | null;
  wardrobe: Array<{ category: string; size: string }>;
  orders: Array<{ productId: number; state: string; createdAt: Date }>;
  /**
   * The platform user the fan is: set to link to an existing one; left out with course
   * purchases, a new user is made (and the id set here). None: the fan is no platform user.
   */
  platformUserId?: number;
  /** That user's course purchases (any designer's courses), at most one per course. */
  coursePurchases?: Array<{ courseId: number; boughtAt: Date }>;
}

/** A fan with a gender and nothing else, who followed and was last active `daysAgo` before `now`. */
export function plainFan(gender: FanFixture['gender'], now: Date, daysAgo: number): FanFixture {
  const ago = new Date(now.getTime() - daysAgo * DAY);
  return {
    gender,
    birthYear: null,
    cityCode: '440100',
    source: 'video',
    followedAt: ago,
    lastActiveAt: ago,
    totalSpent: 0,
    orderCount: 0,
    tagIds: [],
    measurements: null,
    wardrobe: [],
    orders: [],
  };
}

/** Reads a pack's detail until its background computation has ended (a read of a fresh pack refreshes nothing). */
export async function settledPack(t: AccountsApp, who: Session, id: number): Promise<PackDetail> {
  for (let i = 0; i < 200; i++) {
    const read = dataOf<PackDetail>(await call(t, 'GET', `/crowd-packs/${id}`, who));
    if (read.pack.state !== 'computing') return read;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`pack ${id} still computing`);
}

export interface ProductFixture {
  id: number;
  category: ProductCategory;
}

const measurementField = {
  height: 'heightMm',
  weight: 'weightG',
  bust: 'bustMm',
  waist: 'waistMm',
  hip: 'hipMm',
  shoulder: 'shoulderMm',
  sleeve: 'sleeveMm',
  inseam: 'inseamMm',
} as const;

export async function addProducts(
  t: AccountsApp,
  designerId: number,
  categories: ProductCategory[],
  now: Date,
) {
  const rows = await t.db
    .insert(products)
    .values(
      categories.map((category, i) => ({
        designerId,
        title: `P${i + 1}`,
        category,
        images: ['https://example.com/p.png'],
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: products.id, category: products.category });
  return rows as ProductFixture[];
}

/** Courses of the designer (on sale), one per title; answers their ids. */
export async function addCourses(t: AccountsApp, designerId: number, titles: string[], now: Date) {
  const rows = await t.db
    .insert(courses)
    .values(
      titles.map((title) => ({
        designerId,
        title,
        category: 'tailoring',
        price: 9_900,
        originalPrice: 9_900,
        status: 'on_sale' as const,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: courses.id });
  return rows.map((row) => row.id);
}

/** A platform user (a buyer of courses); answers the id. */
export async function addPlatformUser(t: AccountsApp, nickname: string, now: Date): Promise<number> {
  const [row] = await t.db
    .insert(platformUsers)
    .values({ nickname, phoneMasked: '138****0000', createdAt: now })
    .returning({ id: platformUsers.id });
  return row!.id;
}

/** Inserts the fans with their tags, measurements, wardrobes and orders; sets each fixture's id. */
export async function insertFans(t: AccountsApp, designerId: number, list: FanFixture[]): Promise<void> {
  for (const [index, fan] of list.entries()) {
    if (fan.platformUserId === undefined && fan.coursePurchases && fan.coursePurchases.length > 0) {
      fan.platformUserId = await addPlatformUser(t, `user${index}`, fan.followedAt);
    }
    if (fan.platformUserId !== undefined && fan.coursePurchases && fan.coursePurchases.length > 0) {
      await t.db.insert(coursePurchases).values(
        fan.coursePurchases.map((p) => ({
          courseId: p.courseId,
          buyerId: fan.platformUserId!,
          pricePaid: 9_900,
          boughtAt: p.boughtAt,
        })),
      );
    }
    const [row] = await t.db
      .insert(fans)
      .values({
        designerId,
        nickname: `fan${index}`,
        gender: fan.gender,
        birthYear: fan.birthYear,
        cityCode: fan.cityCode,
        source: fan.source,
        followedAt: fan.followedAt,
        lastActiveAt: fan.lastActiveAt,
        totalSpent: fan.totalSpent,
        orderCount: fan.orderCount,
        platformUserId: fan.platformUserId ?? null,
        createdAt: fan.followedAt,
        updatedAt: fan.followedAt,
      })
      .returning({ id: fans.id });
    fan.id = row!.id;
    if (fan.tagIds.length > 0) {
      await t.db.insert(fanTags).values(fan.tagIds.map((tagId) => ({ fanId: fan.id!, tagId })));
    }
    if (fan.impressionIds && fan.impressionIds.length > 0) {
      await t.db.insert(fanImpressions).values(
        fan.impressionIds.map((impressionId) => ({
          fanId: fan.id!,
          impressionId,
          createdAt: fan.followedAt,
        })),
      );
    }
    if (fan.measurements) {
      const stored = Object.fromEntries(
        Object.entries(fan.measurements).map(([key, value]) => [
          measurementField[key as FanMeasurementKey],
          value,
        ]),
      );
      await t.db.insert(fanMeasurements).values({ fanId: fan.id, ...stored, updatedAt: fan.followedAt });
    }
    if (fan.wardrobe.length > 0) {
      await t.db
        .insert(fanWardrobeItems)
        .values(fan.wardrobe.map((w) => ({ fanId: fan.id!, ...w, createdAt: fan.followedAt })));
    }
    for (const order of fan.orders) {
      await t.db.insert(boutiqueOrders).values({
        designerId,
        fanId: fan.id,
        buyerName: 'buyer',
        productId: order.productId,
        size: 'M',
        color: 'red',
        sku: 'SKU',
        quantity: 1,
        unitPrice: 100,
        total: 100,
        state: order.state,
        createdAt: order.createdAt,
      });
    }
  }
}

const inRange = (value: number | null | undefined, min: number | null, max: number | null) =>
  value !== null && value !== undefined && (min === null || value >= min) && (max === null || value <= max);

const stored = (value: number | null, factor: number) => (value === null ? null : Math.round(value * factor));

function timeMet(at: Date, condition: RuleCondition & { field: 'followedAt' | 'lastActiveAt' }, now: Date) {
  if (condition.op === 'withinDays') return at.getTime() >= now.getTime() - condition.days * DAY;
  return (
    at.getTime() >= businessDayStart(condition.from).getTime() &&
    at.getTime() < businessDayEnd(condition.to).getTime()
  );
}

/**
 * The same question as the SQL compiler, answered in memory: the property test's oracle.
 * `ownCourses`: the designer's course ids (a purchase of another designer's course never counts).
 */
export function conditionMet(
  condition: RuleCondition,
  fan: FanFixture,
  now: Date,
  productsById: Map<number, ProductCategory>,
  ownCourses: ReadonlySet<number> = new Set(),
): boolean {
  switch (condition.field) {
    case 'gender':
      return (condition.values as string[]).includes(fan.gender);
    case 'source':
      return (condition.values as string[]).includes(fan.source);
    case 'city':
      return condition.values.includes(fan.cityCode);
    case 'age':
      return (
        fan.birthYear !== null && inRange(businessYear(now) - fan.birthYear, condition.min, condition.max)
      );
    case 'followedAt':
      return timeMet(fan.followedAt, condition, now);
    case 'lastActiveAt':
      return timeMet(fan.lastActiveAt, condition, now);
    case 'totalSpent':
      return inRange(fan.totalSpent, condition.min, condition.max);
    case 'orderCount':
      return inRange(fan.orderCount, condition.min, condition.max);
    case 'purchase':
      return fan.orders.some((order) => {
        if (order.state === 'refunded' || order.createdAt.getTime() < now.getTime() - condition.days * DAY) {
          return false;
        }
        if (condition.productIds.length === 0 && condition.categories.length === 0) return true;
        const category = productsById.get(order.productId);
        return (
          condition.productIds.includes(order.productId) ||
          (category !== undefined && condition.categories.includes(category))
        );
      });
    case 'coursePurchase':
      return (fan.coursePurchases ?? []).some(
        (purchase) =>
          ownCourses.has(purchase.courseId) &&
          purchase.boughtAt.getTime() >= now.getTime() - condition.days * DAY &&
          (condition.courseIds.length === 0 || condition.courseIds.includes(purchase.courseId)),
      );
    case 'tags': {
      const carried = condition.tagIds.filter((id) => fan.tagIds.includes(id));
      if (condition.op === 'any') return carried.length > 0;
      if (condition.op === 'none') return carried.length === 0;
      return new Set(carried).size === new Set(condition.tagIds).size;
    }
    case 'impression': {
      const carries = condition.impressionIds.some((id) => (fan.impressionIds ?? []).includes(id));
      return condition.op === 'any' ? carries : !carries;
    }
    case 'measurement': {
      const factor = condition.key === 'weight' ? 1000 : 10;
      return inRange(
        fan.measurements?.[condition.key],
        stored(condition.min, factor),
        stored(condition.max, factor),
      );
    }
    case 'wardrobe':
      return fan.wardrobe.some(
        (item) =>
          (condition.category === null || item.category === condition.category) &&
          (condition.size === null || item.size.toLowerCase() === condition.size.toLowerCase()),
      );
  }
}

export function nodeMet(
  node: RuleNode,
  fan: FanFixture,
  now: Date,
  productsById: Map<number, ProductCategory>,
  ownCourses: ReadonlySet<number> = new Set(),
): boolean {
  if (node.type === 'condition') return conditionMet(node, fan, now, productsById, ownCourses);
  return node.op === 'and'
    ? node.children.every((child) => nodeMet(child, fan, now, productsById, ownCourses))
    : node.children.some((child) => nodeMet(child, fan, now, productsById, ownCourses));
}

/** A condition without its `type` (distributed over the union of fields). */
export type ConditionBody = RuleCondition extends infer C
  ? C extends unknown
    ? Omit<C, 'type'>
    : never
  : never;

/** A condition node, typed. */
export const cond = (condition: ConditionBody): RuleCondition =>
  ({ type: 'condition', ...condition }) as RuleCondition;
export const and = (...children: RuleNode[]): RuleNode => ({ type: 'group', op: 'and', children });
export const or = (...children: RuleNode[]): RuleNode => ({ type: 'group', op: 'or', children });
