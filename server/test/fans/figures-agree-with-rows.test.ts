import { ErrorCode, type FanDetail, type FanListPage, type FanOrderPage } from '@dc/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { ApiError } from '../../src/http/api-error.ts';
import { recordOrder } from '../../src/modules/boutique/orders.ts';
import { recordCoursePurchase } from '../../src/modules/courses/purchases.ts';
import { createProduct, givePictures, productBody } from '../boutique/support.ts';
import { addCourses, addPlatformUser } from '../crowd-packs/support.ts';
import { type AccountsApp, createAccountsApp, type Session, someone } from '../support/calls.ts';
import {
  API,
  authHeader,
  createTestApp,
  envelopeOf,
  loginAs,
  queryRows,
  type TestApp,
} from '../support/test-app.ts';
import { addFan } from './support.ts';

/**
 * Issue 17 item 1: a fan's order count and spend, wherever the console shows them (the fan list,
 * the fan detail header), are the count and the sum of the rows the fan's traded goods list
 * (`GET /fans/:id/orders`: boutique orders by `fan_id`, course purchases of the designer's courses
 * by the fan's platform user). Recounted here from the rows, independently of the server's SQL,
 * on the demo seed and on random orders and purchases written by the services that take them.
 */

interface Figures {
  orders: number;
  spent: number;
}

/** Every fan of the designer with the figures their rows add up to. */
async function recountFromRows(db: Database, designerId: number): Promise<Map<number, Figures>> {
  const rows = await queryRows<{ id: number; orders: number; spent: string | number }>(
    db,
    sql`select f.id,
               (select count(*)::int from boutique_orders o where o.fan_id = f.id and o.designer_id = f.designer_id)
               + (select count(*)::int from course_purchases cp join courses c on c.id = cp.course_id
                  where cp.buyer_id = f.platform_user_id and c.designer_id = f.designer_id) as orders,
               (select coalesce(sum(o.total), 0) from boutique_orders o where o.fan_id = f.id and o.designer_id = f.designer_id)
               + (select coalesce(sum(cp.price_paid), 0) from course_purchases cp join courses c on c.id = cp.course_id
                  where cp.buyer_id = f.platform_user_id and c.designer_id = f.designer_id) as spent
        from fans f where f.designer_id = ${designerId}`,
  );
  return new Map(rows.map((row) => [row.id, { orders: row.orders, spent: Number(row.spent) }]));
}

async function get<T>(app: FastifyInstance, token: string, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeader(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return envelopeOf(res).data as T;
}

/** Every row of the fan list, walked page by page: its figures by fan id. */
async function figuresOfFanList(app: FastifyInstance, token: string): Promise<Map<number, Figures>> {
  const listed = new Map<number, Figures>();
  for (let page = 1; ; page++) {
    const answer = await get<FanListPage>(app, token, `/fans?pageSize=100&page=${page}&sortBy=followedAt`);
    for (const fan of answer.dataList) listed.set(fan.id, { orders: fan.orderCount, spent: fan.totalSpent });
    if (answer.dataList.length < 100) return listed;
  }
}

/** The fan's traded goods, every page of `pageSize`: how many the endpoint says and what its rows add up to. */
async function figuresOfOrders(app: FastifyInstance, token: string, fanId: number, pageSize: number) {
  let listed = 0;
  let spent = 0;
  let totalNumber = 0;
  for (let page = 1; ; page++) {
    const answer = await get<FanOrderPage>(
      app,
      token,
      `/fans/${fanId}/orders?pageSize=${pageSize}&page=${page}`,
    );
    totalNumber = answer.totalNumber;
    expect(answer.counts.product + answer.counts.course).toBe(answer.totalNumber);
    for (const item of answer.dataList) spent += item.kind === 'product' ? item.total : item.pricePaid;
    listed += answer.dataList.length;
    if (answer.dataList.length < pageSize) break;
  }
  return { totalNumber, listed, spent };
}

/**
 * The invariant: the list shows every fan with the figures of their rows; for `detailed` fans the
 * detail header does too, and their orders endpoint lists exactly that many rows adding up to that spend.
 */
async function expectFiguresAgree(
  app: FastifyInstance,
  db: Database,
  session: { id: number; token: string },
  detailed: (recounted: Map<number, Figures>) => number[],
  pageSize = 100,
) {
  const recounted = await recountFromRows(db, session.id);
  const listed = await figuresOfFanList(app, session.token);
  expect(listed.size).toBe(recounted.size);
  const listMismatches = [...recounted].filter(([id, rows]) => {
    const shown = listed.get(id);
    return shown?.orders !== rows.orders || shown.spent !== rows.spent;
  });
  expect(listMismatches.slice(0, 5).map(([id, rows]) => ({ id, rows, list: listed.get(id) }))).toEqual([]);
  for (const fanId of detailed(recounted)) {
    const rows = recounted.get(fanId)!;
    const detail = await get<FanDetail>(app, session.token, `/fans/${fanId}`);
    expect({ fanId, orders: detail.fan.orderCount, spent: detail.fan.totalSpent }).toEqual({
      fanId,
      ...rows,
    });
    const traded = await figuresOfOrders(app, session.token, fanId, pageSize);
    expect({ fanId, ...traded }).toEqual({
      fanId,
      totalNumber: rows.orders,
      listed: rows.orders,
      spent: rows.spent,
    });
  }
  return recounted;
}

describe('demo seed: every fan’s order count and spend are its rows (issue 17 item 1)', () => {
  let t: TestApp;
  let demo: { id: number; token: string };
  beforeAll(async () => {
    t = await createTestApp({ contents: 'demo' });
    const [row] = await queryRows<{ id: number }>(t.db, sql`select id from designers where account = 'demo'`);
    demo = { id: row!.id, token: await loginAs(t.app, 'demo', 'demo123456') };
  }, 300_000);
  afterAll(() => t?.close());

  it('the fan list, the detail header and the traded goods of demo’s fans agree with the orders and purchases', async () => {
    const recounted = await expectFiguresAgree(t.app, t.db, demo, (figures) => {
      // Every buyer's header and traded goods would be thousands of requests: a spread of them
      // (every 40th, both kinds, the biggest spender) and a few fans who never bought.
      const buyers = [...figures].filter(([, f]) => f.orders > 0).sort(([a], [b]) => a - b);
      const never = [...figures].filter(([, f]) => f.orders === 0).map(([id]) => id);
      const biggest = buyers.reduce((top, fan) => (fan[1].spent > top[1].spent ? fan : top), buyers[0]!);
      return [...buyers.filter((_, i) => i % 40 === 0).map(([id]) => id), biggest[0], ...never.slice(0, 5)];
    });
    // The demo has buyers of both kinds, and fans who bought nothing show 0.
    const buyers = [...recounted.values()].filter((f) => f.orders > 0);
    expect(buyers.length).toBeGreaterThan(1000);
    const [both] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from fans f where f.designer_id = ${demo.id} and f.platform_user_id is not null
            and exists (select 1 from boutique_orders o where o.fan_id = f.id)`,
    );
    expect(both!.n).toBeGreaterThan(0);
  }, 300_000);

  it('each seeded order is on its buyer’s timeline, and no line claims orders the rows do not have', async () => {
    const [row] = await queryRows<{ orders: number; lines: number; claims: number }>(
      t.db,
      sql`select (select count(*)::int from boutique_orders where designer_id = ${demo.id} and fan_id is not null) as orders,
                 (select count(*)::int from fan_interactions i join fans f on f.id = i.fan_id
                  where f.designer_id = ${demo.id} and i.kind = 'purchase') as lines,
                 (select count(*)::int from fan_interactions i join fans f on f.id = i.fan_id
                  where f.designer_id = ${demo.id} and i.text like '下单%次%') as claims`,
    );
    expect(row!.lines).toBe(row!.orders);
    expect(row!.claims).toBe(0);
  });
});

/** One step of a random history: a boutique order (by a fan or a walk-in buyer) or a course purchase. */
type Step =
  | {
      kind: 'order';
      fan: number | null;
      product: number;
      variant: number;
      quantity: number;
      refunded: boolean;
    }
  | { kind: 'purchase'; user: number; course: number; price: number | null; elsewhere: boolean };

const FANS = 4;
const USERS = 3;
const PRODUCTS = 2;
const COURSES = 2;

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    fan: fc.option(fc.nat(FANS - 1), { nil: null }),
    product: fc.nat(PRODUCTS - 1),
    variant: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 2 }),
    refunded: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('purchase' as const),
    user: fc.nat(USERS - 1),
    course: fc.nat(COURSES - 1),
    price: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
    /** Bought from another designer: must not move this designer's fans. */
    elsewhere: fc.boolean(),
  }),
);

/** A refused step (sold out, bought already) writes nothing: the invariant holds across it. */
const refusedAsConflict = (error: unknown) => {
  if (error instanceof ApiError && error.code === ErrorCode.conflict) return;
  throw error;
};

describe('random orders and purchases: the figures stay their rows (issue 17 item 1, property)', () => {
  let t: AccountsApp;
  let other: Session;
  let run = 0;
  beforeAll(async () => {
    t = await createAccountsApp();
    other = await someone(t, 'figures-other');
  });
  afterAll(() => t?.close());

  it('after any history, the list, detail header and paged traded goods of every fan agree with the rows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 1, max: 4 }),
        async (steps, pageSize) => {
          run++;
          const now = t.clock.now();
          const me = await someone(t, `figures-${run}`);
          await givePictures(t, me);
          const fanIds: number[] = [];
          for (let i = 0; i < FANS; i++) fanIds.push(await addFan(t, me.id, { nickname: `fan-${i}` }));
          const products = [];
          for (let i = 0; i < PRODUCTS; i++)
            products.push(await createProduct(t, me, productBody({ status: 'on_sale' }, me)));
          const mine = await addCourses(t, me.id, ['立裁', '版型'], now);
          const theirs = await addCourses(t, other.id, [`别人的课 ${run}-1`, `别人的课 ${run}-2`], now);
          const users: number[] = [];
          for (let i = 0; i < USERS; i++) users.push(await addPlatformUser(t, `用户${run}-${i}`, now));
          let hour = 0;
          for (const step of steps) {
            const at = new Date(now.getTime() - 48 * 3_600_000 + ++hour * 60_000);
            if (step.kind === 'order') {
              const product = products[step.product]!;
              await recordOrder(t.db, {
                designerId: me.id,
                productId: product.id,
                variantId: product.variants[step.variant]!.id,
                quantity: step.quantity,
                fanId: step.fan === null ? null : fanIds[step.fan]!,
                buyerName: step.fan === null ? '路人' : undefined,
                state: step.refunded ? 'refunded' : 'paid',
                at,
              }).catch(refusedAsConflict);
            } else {
              await recordCoursePurchase(t.db, {
                designerId: step.elsewhere ? other.id : me.id,
                courseId: (step.elsewhere ? theirs : mine)[step.course]!,
                buyerId: users[step.user]!,
                pricePaid: step.price ?? undefined,
                at,
              }).catch(refusedAsConflict);
            }
          }
          // Every fan of both designers: the fixtures, the buyers made fans, and the other's buyers.
          await expectFiguresAgree(t.app, t.db, me, (figures) => [...figures.keys()], pageSize);
          await expectFiguresAgree(
            t.app,
            t.db,
            other,
            (figures) => [...figures.keys()].slice(-USERS),
            pageSize,
          );
        },
      ),
      { numRuns: 10 },
    );
  }, 300_000);
});
